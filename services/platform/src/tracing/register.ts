/**
 * Imported first by every process entry point, before express, pg, ioredis or amqplib load,
 * so their instrumentations can patch them. Reads OTEL_EXPORTER_OTLP_ENDPOINT and
 * OTEL_SERVICE_NAME for traces, METRICS_PORT for the Prometheus metrics endpoint. With neither
 * it loads nothing: the SDKs cost start-up time. Both are flushed on SIGTERM (`onShutdown`).
 */
import { onTelemetryShutdown } from '../runtime/telemetry';
import type { Tracing } from './index';

const serviceName = process.env.OTEL_SERVICE_NAME ?? 'stockai';
const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT || undefined;

function startFromEnv(): Tracing | undefined {
  if (!endpoint) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./index') as typeof import('./index');
  return startTracing({ serviceName, endpoint });
}

export const tracing = startFromEnv();
if (tracing) onTelemetryShutdown(() => tracing.shutdown());

const metricsPort = Number(process.env.METRICS_PORT ?? 0);
if (Number.isInteger(metricsPort) && metricsPort > 0) {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startMetrics } = require('../metrics/provider') as typeof import('../metrics/provider');
  startMetrics({ serviceName, port: metricsPort, otlpEndpoint: endpoint }).then(
    (running) => onTelemetryShutdown(() => running.shutdown()),
    (err: unknown) => console.error(`metrics endpoint on port ${metricsPort} failed to start: ${String(err)}`),
  );
}

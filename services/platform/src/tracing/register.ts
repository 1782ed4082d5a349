/**
 * Imported first by every process entry point, before express, pg, ioredis or amqplib load,
 * so their instrumentations can patch them. Reads OTEL_EXPORTER_OTLP_ENDPOINT and
 * OTEL_SERVICE_NAME. With no endpoint it loads nothing: the SDK costs start-up time.
 */
import type { Tracing } from './index';

function startFromEnv(): Tracing | undefined {
  const endpoint = process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return undefined;
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { startTracing } = require('./index') as typeof import('./index');
  return startTracing({ serviceName: process.env.OTEL_SERVICE_NAME ?? 'stockai', endpoint });
}

export const tracing = startFromEnv();

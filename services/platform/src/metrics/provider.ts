import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { metrics } from '@opentelemetry/api';
import { OTLPMetricExporter } from '@opentelemetry/exporter-metrics-otlp-http';
import { PrometheusExporter } from '@opentelemetry/exporter-prometheus';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { MeterProvider, type IMetricReader, PeriodicExportingMetricReader } from '@opentelemetry/sdk-metrics';

export interface MetricsOptions {
  serviceName: string;
  /** Port of the Prometheus `/metrics` endpoint; 0 picks a free one (tests). */
  port: number;
  host?: string;
  /** OTLP/HTTP endpoint to push to as well, e.g. http://collector:4318. */
  otlpEndpoint?: string;
}

export interface RunningMetrics {
  port: number;
  /** Pushes what is pending (OTLP), stops the endpoint and the provider. */
  shutdown(): Promise<void>;
}

/**
 * OpenTelemetry metrics for one process, registered as the global meter provider: Prometheus
 * text on `/metrics` of a port of its own (METRICS_PORT), which no Service exposes and the
 * gateway never routes, and an OTLP push when a collector is configured.
 */
export async function startMetrics(options: MetricsOptions): Promise<RunningMetrics> {
  const prometheus = new PrometheusExporter({ preventServerStart: true });
  const readers: IMetricReader[] = [prometheus];
  if (options.otlpEndpoint) {
    const url = `${options.otlpEndpoint.replace(/\/$/, '')}/v1/metrics`;
    readers.push(new PeriodicExportingMetricReader({ exporter: new OTLPMetricExporter({ url }), exportIntervalMillis: 15_000 }));
  }
  const provider = new MeterProvider({ resource: resourceFromAttributes({ 'service.name': options.serviceName }), readers });
  metrics.setGlobalMeterProvider(provider);

  const server = http.createServer((req, res) => {
    if ((req.url ?? '').split('?')[0] === '/metrics') return prometheus.getMetricsRequestHandler(req, res);
    res.writeHead(404, { 'content-type': 'text/plain' }).end('only /metrics here\n');
  });
  await new Promise<void>((resolve, reject) => server.listen(options.port, options.host ?? '0.0.0.0', resolve).on('error', reject));
  server.unref();
  return {
    port: (server.address() as AddressInfo).port,
    async shutdown() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await provider.shutdown();
      metrics.disable();
    },
  };
}

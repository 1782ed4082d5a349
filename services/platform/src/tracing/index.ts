import type { IncomingMessage } from 'node:http';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { AmqplibInstrumentation } from '@opentelemetry/instrumentation-amqplib';
import { ExpressInstrumentation } from '@opentelemetry/instrumentation-express';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { NodeSDK } from '@opentelemetry/sdk-node';
import { BatchSpanProcessor, type SpanProcessor } from '@opentelemetry/sdk-trace-base';

export interface TracingOptions {
  serviceName: string;
  /** OTLP/HTTP endpoint, e.g. http://collector:4318. Tracing stays off without it. */
  endpoint?: string;
  /** Extra processors (tests register an in-memory exporter here). */
  spanProcessors?: SpanProcessor[];
}

export interface Tracing {
  shutdown(): Promise<void>;
}

const PROBES = new Set(['/healthz', '/readyz']);

/**
 * OpenTelemetry for one process: http, express, pg, ioredis and amqplib instrumentations,
 * W3C trace context. Must start before those modules are loaded, which is why processes
 * import `tracing/register` first. Off (returns undefined) unless an endpoint or a span
 * processor is given: no exporter, no overhead.
 */
export function startTracing(options: TracingOptions): Tracing | undefined {
  const processors = [...(options.spanProcessors ?? [])];
  if (options.endpoint) {
    const url = `${options.endpoint.replace(/\/$/, '')}/v1/traces`;
    processors.push(new BatchSpanProcessor(new OTLPTraceExporter({ url })));
  }
  if (processors.length === 0) return undefined;

  const sdk = new NodeSDK({
    serviceName: options.serviceName,
    spanProcessors: processors,
    instrumentations: [
      new HttpInstrumentation({
        ignoreIncomingRequestHook: (req: IncomingMessage) => PROBES.has((req.url ?? '').split('?')[0] ?? ''),
      }),
      new ExpressInstrumentation(),
      new PgInstrumentation(),
      new IORedisInstrumentation(),
      new AmqplibInstrumentation(),
    ],
  });
  sdk.start();
  return { shutdown: () => sdk.shutdown() };
}

import { AsyncLocalStorage } from 'node:async_hooks';
import { trace } from '@opentelemetry/api';
import pino, { type Logger, type LevelWithSilent } from 'pino';

export type { Logger } from 'pino';

/** Per-request context, so every log line written while serving a request carries its id. */
export interface RequestContext {
  requestId: string;
}
export const requestContext = new AsyncLocalStorage<RequestContext>();

/**
 * JSON logs (pino). Each line carries the service name, the request id of the request being
 * served (when there is one) and the active trace id (when tracing is on).
 */
export function createLogger(service: string, level: LevelWithSilent = 'info', destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: ['password', '*.password', 'req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
      mixin() {
        const fields: Record<string, string> = {};
        const ctx = requestContext.getStore();
        if (ctx) fields.requestId = ctx.requestId;
        const span = trace.getActiveSpan()?.spanContext();
        if (span && span.traceFlags !== undefined && span.traceId !== '00000000000000000000000000000000') {
          fields.traceId = span.traceId;
          fields.spanId = span.spanId;
        }
        return fields;
      },
    },
    destination,
  );
}

import { randomUUID } from 'node:crypto';
import { context } from '@opentelemetry/api';
import { traceparentOf } from './tracing';
import type { EventEnvelope } from './types';

/**
 * A new event, stamped with a fresh id, the current time and, when a span is active, the
 * trace context it was caused in. Write it with `writeOutbox` in the transaction of the change.
 */
export function newEvent<T>(type: string, data: T, version = 1): EventEnvelope<T> {
  const traceparent = traceparentOf(context.active());
  return {
    id: randomUUID(),
    type,
    version,
    occurredAt: new Date().toISOString(),
    ...(traceparent ? { traceparent } : {}),
    data,
  };
}

import { type Context, ROOT_CONTEXT, type Span, SpanKind, SpanStatusCode, propagation, trace } from '@opentelemetry/api';
import { recordConsumerLag } from '../metrics/instruments';
import type { DeliveryInfo, EventEnvelope, EventHandler } from './types';

/**
 * Trace context carried inside events, so a trace runs from the request that changed
 * something, through the outbox relay, to every consumer. Only @opentelemetry/api is used:
 * without a registered SDK every call here is a cheap no-op.
 */
const tracer = trace.getTracer('@stockai/platform/bus');

/** The context an event was caused in; the root context when it carries none. */
export function contextOf(traceparent: string | undefined): Context {
  return traceparent ? propagation.extract(ROOT_CONTEXT, { traceparent }) : ROOT_CONTEXT;
}

/** The W3C `traceparent` of `ctx`, when it holds a valid span and a propagator is registered. */
export function traceparentOf(ctx: Context): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(ctx, carrier);
  return carrier.traceparent;
}

/** Runs a consumer's handler inside a CONSUMER span that continues the event's trace; records its lag. */
export function consumeInSpan(event: EventEnvelope, info: DeliveryInfo, handler: EventHandler): Promise<void> {
  recordConsumerLag(info.queue, event);
  const attributes = { 'messaging.destination': info.queue, 'messaging.message.id': event.id, 'messaging.delivery.attempt': info.attempt };
  return tracer.startActiveSpan(`consume ${event.type}`, { kind: SpanKind.CONSUMER, attributes }, contextOf(event.traceparent), (span) =>
    endAfter(span, () => handler(event, info)),
  );
}

/**
 * Publishes inside a PRODUCER span whose parent is the event's stored trace context; the
 * event goes out carrying the span's own context, so the consumer's span is its child.
 */
export function publishInSpan(event: EventEnvelope, publish: (event: EventEnvelope) => Promise<void>): Promise<void> {
  const attributes = { 'messaging.message.id': event.id };
  const parent = contextOf(event.traceparent);
  return tracer.startActiveSpan(`publish ${event.type}`, { kind: SpanKind.PRODUCER, attributes }, parent, (span) =>
    endAfter(span, () => {
      const traceparent = traceparentOf(trace.setSpan(parent, span)) ?? event.traceparent;
      return publish(traceparent ? { ...event, traceparent } : event);
    }),
  );
}

async function endAfter(span: Span, work: () => Promise<void>): Promise<void> {
  try {
    await work();
  } catch (err) {
    const error = err instanceof Error ? err : new Error(String(err));
    span.recordException(error);
    span.setStatus({ code: SpanStatusCode.ERROR, message: error.message });
    throw err;
  } finally {
    span.end();
  }
}

import { ROOT_CONTEXT, SpanKind, SpanStatusCode, context, trace } from '@opentelemetry/api';
import { node, tracing } from '@opentelemetry/sdk-node';
import { PLATFORM_MIGRATIONS_DIR, migrate } from '../db/migrate';
import type { Database } from '../db/types';
import { createTestDatabase } from '../testing';
import { newEvent } from './envelope';
import { createMemoryBus } from './memory';
import { createOutboxRelay, writeOutbox } from './outbox';
import { waitFor } from './test-helpers';
import type { EventBus, EventEnvelope } from './types';

// A real SDK for this file only (jest gives each test file its own globals): W3C trace
// context, async-hooks context propagation and an in-memory exporter.
const exporter = new tracing.InMemorySpanExporter();
const provider = new node.NodeTracerProvider({ spanProcessors: [new tracing.SimpleSpanProcessor(exporter)] });
provider.register();
const tracer = trace.getTracer('test');

const traceparentOf = (span: { spanContext(): { traceId: string; spanId: string } }) =>
  `00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`;

describe('trace context through the outbox and the bus', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let bus: EventBus;

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
  });

  afterAll(async () => {
    await drop();
    await provider.shutdown();
  });

  beforeEach(() => {
    exporter.reset();
    bus = createMemoryBus();
  });

  afterEach(() => bus.close());

  it('stamps a new event with the active span as its traceparent', () => {
    const { event, span } = tracer.startActiveSpan('request', (span) => {
      span.end();
      return { event: newEvent('user.registered', {}), span };
    });
    expect(event.traceparent).toBe(traceparentOf(span));
  });

  it('continues the trace of the request in the relay publish span and the consumer span', async () => {
    let consumed: { event: EventEnvelope; activeSpanId?: string } | undefined;
    await bus.subscribe({
      queue: 'analysis.worker',
      patterns: ['analysis.requested'],
      handler: async (event) => {
        consumed = { event, activeSpanId: trace.getActiveSpan()?.spanContext().spanId };
      },
    });
    const written = await tracer.startActiveSpan('POST /analyses', async (span) => {
      const event = newEvent('analysis.requested', { symbol: '0700.HK' });
      await db.transaction((tx) => writeOutbox(tx, event));
      span.end();
      return event;
    });
    const sut = createOutboxRelay({ db, bus });

    // The relay runs from a timer, outside any request.
    expect(await context.with(ROOT_CONTEXT, () => sut.relayOnce())).toBe(1);
    const { event, activeSpanId } = await waitFor('the consumer', () => consumed);

    const spans = exporter.getFinishedSpans();
    const request = spans.find((s) => s.name === 'POST /analyses')!;
    const publish = spans.find((s) => s.name === 'publish analysis.requested')!;
    const consume = await waitFor('the consume span', () =>
      exporter.getFinishedSpans().find((s) => s.name === 'consume analysis.requested'),
    );
    expect(publish.kind).toBe(SpanKind.PRODUCER);
    expect(publish.parentSpanContext?.spanId).toBe(request.spanContext().spanId);
    expect(publish.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(event.traceparent).toBe(traceparentOf(publish));
    expect(event).toEqual({ ...written, traceparent: traceparentOf(publish) });

    expect(consume.kind).toBe(SpanKind.CONSUMER);
    expect(consume.parentSpanContext?.spanId).toBe(publish.spanContext().spanId);
    expect(consume.spanContext().traceId).toBe(request.spanContext().traceId);
    expect(consume.attributes).toMatchObject({ 'messaging.destination': 'analysis.worker', 'messaging.message.id': written.id });
    expect(activeSpanId).toBe(consume.spanContext().spanId);
  });

  it('records a handler failure on the consumer span', async () => {
    await bus.subscribe({
      queue: 'credits.failing',
      patterns: ['credit.debited'],
      maxAttempts: 1,
      handler: async () => {
        throw new Error('insufficient credits');
      },
    });
    await bus.publish(newEvent('credit.debited', {}));

    const consume = await waitFor('the consume span', () => exporter.getFinishedSpans().find((s) => s.name === 'consume credit.debited'));
    expect(consume.status).toEqual({ code: SpanStatusCode.ERROR, message: 'insufficient credits' });
    expect(consume.events.map((e) => e.name)).toEqual(['exception']);
    expect(consume.parentSpanContext).toBeUndefined();
  });
});

import { type Meter, type MeterProvider, metrics } from '@opentelemetry/api';
import type { EventEnvelope } from '../bus/types';

/**
 * An instrument made on first use from the meter provider registered then. Modules create
 * their instruments at load, possibly before `startMetrics` has registered the provider;
 * OpenTelemetry's API hands out no-op meters until then, and this re-makes the instrument
 * once a provider is there.
 */
export function instrument<T>(create: (meter: Meter) => T): () => T {
  let made: { provider: MeterProvider; value: T } | undefined;
  return () => {
    const provider = metrics.getMeterProvider();
    if (made?.provider !== provider) made = { provider, value: create(provider.getMeter('stockai')) };
    return made.value;
  };
}

/** Seconds, with buckets from 5 ms (a cached read) to 2 min (an analysis with a slow AI API). */
const SECONDS_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

/** RED per route: rate and errors are the count by status code, duration the histogram. */
export const httpServerDuration = instrument((m) =>
  m.createHistogram('http_server_request_duration_seconds', {
    unit: 's',
    description: 'Time to answer an HTTP request, by method, route and status code',
    advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
  }),
);

/** How long an event waited between being written and being handled (consumer lag). */
export const consumerLag = instrument((m) =>
  m.createHistogram('messaging_consumer_lag_seconds', {
    unit: 's',
    description: 'Time from an event occurring to its consumer handling it, by queue',
    advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
  }),
);

/** Messages ready in each queue a process consumes and in its dead-letter queue (observed at each scrape). */
export const queueDepth = instrument((m) =>
  m.createObservableGauge('messaging_queue_depth', { description: 'Messages ready in a consumed queue and in its dead-letter queue' }),
);

export const eventsPublished = instrument((m) =>
  m.createCounter('events_published', { description: 'Events published from the outbox, by type' }),
);

export const creditsDebited = instrument((m) =>
  m.createCounter('credits_debited', { description: 'Credits debited from users (credit.debited events)' }),
);

export const paymentOutcomes = instrument((m) =>
  m.createCounter('payments', { description: 'Payments by outcome (confirmed, failed, refunded) and provider' }),
);

export const analysisDuration = instrument((m) =>
  m.createHistogram('analysis_duration_seconds', {
    unit: 's',
    description: 'Time one analysis job ran, by outcome (completed, failed, retried)',
    advice: { explicitBucketBoundaries: SECONDS_BUCKETS },
  }),
);

const PAYMENT_OUTCOMES: Record<string, string> = {
  'payment.confirmed': 'confirmed',
  'payment.failed': 'failed',
  'payment.refunded': 'refunded',
};

/**
 * Business counters from the events a service publishes: they count what committed, in the
 * service that owns the fact (billing's ledger for credits and payments), once per publish.
 * A publish retried after a lost confirmation counts twice: rare, and a metric, not a ledger.
 */
export function countPublishedEvent(event: EventEnvelope): void {
  eventsPublished().add(1, { type: event.type });
  const data = event.data as { amount?: unknown; provider?: unknown };
  if (event.type === 'credit.debited' && typeof data.amount === 'number') creditsDebited().add(data.amount);
  const outcome = PAYMENT_OUTCOMES[event.type];
  if (outcome) paymentOutcomes().add(1, { outcome, provider: String(data.provider ?? 'unknown') });
}

/** Records how long `event` waited before its consumer on `queue` handled it. */
export function recordConsumerLag(queue: string, event: Pick<EventEnvelope, 'occurredAt'>): void {
  const occurred = Date.parse(event.occurredAt);
  if (Number.isFinite(occurred)) consumerLag().record(Math.max(0, Date.now() - occurred) / 1000, { queue });
}

/**
 * The event bus: a topic exchange (`events`, routing key = event type) with one durable
 * queue per consumer. Implemented over RabbitMQ (amqplib) and in memory with the same
 * routing, retry and dead-letter semantics. Delivery is at-least-once: consumers pair it
 * with the inbox so that a redelivered event id is a no-op.
 */
export interface EventEnvelope<T = unknown> {
  id: string;
  type: string;
  version: number;
  occurredAt: string;
  /** W3C trace context of the change that caused the event, carried to the consumer. */
  traceparent?: string;
  data: T;
}

export interface DeliveryInfo {
  /** 1 on first delivery, then 2, 3, … on retries. */
  attempt: number;
  queue: string;
}

export type EventHandler = (event: EventEnvelope, info: DeliveryInfo) => Promise<void>;

export interface Subscription {
  /** Durable queue name, e.g. `billing.user-registered`; it survives consumer restarts. */
  queue: string;
  /** Routing-key patterns: `*` matches one dot-separated word, `#` zero or more. */
  patterns: string[];
  handler: EventHandler;
  /** Deliveries before the message goes to the dead-letter queue `<queue>.dlq`. Default 5. */
  maxAttempts?: number;
  /** Wait before a retry, in ms. Default 1000. */
  retryDelayMs?: number;
  /**
   * Work nobody waits for (the admin area's read models and activity log). The in-memory bus,
   * whose consumers share one process with the users' requests (the all-in-one), delivers it
   * when no other consumer's delivery is under way or waiting, or once it has waited
   * `backgroundDelayMs`; the RabbitMQ bus delivers it as any other (each service is a process
   * of its own there).
   */
  background?: boolean;
}

/**
 * A consumer's queue and its bindings, declared by a bus before anyone subscribes to it: an
 * event published to the exchange reaches only the queues bound at that moment, so a queue
 * declared up front keeps what is published before its consumer first starts.
 */
export interface QueueDeclaration {
  /** Queue name without the bus's queue prefix, as in `Subscription.queue`. */
  queue: string;
  patterns: readonly string[];
}

export interface Consumer {
  /** Stops consuming; the queue and its messages stay and are delivered on the next subscribe. */
  close(): Promise<void>;
}

export interface EventBus {
  publish(event: EventEnvelope): Promise<void>;
  subscribe(subscription: Subscription): Promise<Consumer>;
  /** Messages waiting in a dead-letter queue (for tests and the admin area). */
  deadLetters(queue: string): Promise<EventEnvelope[]>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** What the bus and the outbox relay log through; a pino logger fits. */
export interface BusLogger {
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

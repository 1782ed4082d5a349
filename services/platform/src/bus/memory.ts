import { retryPolicy } from './retry';
import { topicMatches } from './topic';
import { consumeInSpan } from './tracing';
import type { BusLogger, Consumer, EventBus, EventEnvelope, QueueDeclaration, Subscription } from './types';

export interface MemoryBusOptions {
  logger?: BusLogger;
  /**
   * Consumer queues to create with their bindings at once, as the RabbitMQ bus declares them
   * on connecting: what is published to them before their consumer subscribes is kept and
   * delivered when it does. Without it a queue exists from its first subscribe only, and an
   * event published before then reaches no queue and is gone. Default none.
   */
  declare?: QueueDeclaration[];
  /**
   * The longest a background subscription's message waits for the other consumers to be idle
   * (`Subscription.background`). Default 2000 ms.
   */
  backgroundDelayMs?: number;
}

/** A message as a queue holds it: the serialised event, so each delivery gets a fresh copy. */
interface Message {
  body: string;
  attempt: number;
  /** When it entered the queue (performance.now()). */
  at: number;
}

interface QueueConsumer {
  subscription: Subscription;
  /** The delivery this consumer is handling, awaited by `close()`. */
  current?: Promise<void>;
}

interface Queue {
  name: string;
  patterns: Set<string>;
  messages: Message[];
  consumers: QueueConsumer[];
  /** Round-robin position among competing consumers. */
  turn: number;
  /** A dispatch is scheduled for the next turn of the event loop. */
  scheduled: boolean;
  /** Its consumers' work is background work: it waits for the other queues' to be done. */
  background: boolean;
  /** A background queue's next look, when its oldest message will have waited long enough. */
  deferred?: NodeJS.Timeout;
}

/**
 * The in-process twin of the RabbitMQ bus, for the all-in-one process and tests. It keeps
 * RabbitMQ's semantics: publish copies the event into every queue with a matching binding
 * (and drops it when there is none); a queue and its bindings, created by `declare` or the
 * first subscribe, live as long as the bus object, and keep their messages while nobody
 * consumes; each consumer handles one message at a time (prefetch 1), so a queue with
 * one consumer delivers in order and competing consumers work in parallel; a handler that
 * throws gets the message again after `retryDelayMs` (at the back of the queue, as the
 * RabbitMQ retry queue does) until `maxAttempts`, then it moves to `<queue>.dlq`. One thing
 * it adds: a background subscription's messages wait while the other consumers work, at most
 * `backgroundDelayMs` (see `Subscription.background`): in the all-in-one the admin area's
 * bookkeeping then leaves the CPU to the users' analyses in a burst, and catches up after.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): EventBus {
  const { logger } = options;
  const backgroundDelayMs = options.backgroundDelayMs ?? 2000;
  const queues = new Map<string, Queue>();
  const retryTimers = new Set<NodeJS.Timeout>();
  /** Deliveries under way, of consumers still subscribed or not: `close()` waits for them. */
  const deliveries = new Set<Promise<void>>();
  let closed = false;

  const assertOpen = () => {
    if (closed) throw new Error('the event bus is closed');
  };

  /** The queues an event type is routed to, worked out on its first publish; forgotten when a binding is added. */
  const routes = new Map<string, Queue[]>();

  /** The queue `name`, created on first use, bound to `patterns` too. */
  const declare = (name: string, patterns: readonly string[] = []): Queue => {
    let queue = queues.get(name);
    if (!queue) {
      queue = { name, patterns: new Set(), messages: [], consumers: [], turn: 0, scheduled: false, background: false };
      queues.set(name, queue);
    }
    for (const pattern of patterns) {
      if (!queue.patterns.has(pattern)) routes.clear();
      queue.patterns.add(pattern);
    }
    return queue;
  };

  const routeOf = (type: string): Queue[] => {
    let route = routes.get(type);
    if (!route) {
      route = [...queues.values()].filter((queue) => [...queue.patterns].some((pattern) => topicMatches(pattern, type)));
      routes.set(type, route);
    }
    return route;
  };

  for (const { queue, patterns } of options.declare ?? []) declare(queue, patterns);

  const enqueue = (queue: Queue, message: Message) => {
    queue.messages.push(message);
    pump(queue);
  };

  const pump = (queue: Queue) => {
    if (queue.scheduled || closed) return;
    queue.scheduled = true;
    // Never inside publish(): RabbitMQ delivers later, and a handler running synchronously
    // in the publisher's call stack would hide ordering bugs the real bus would show.
    setImmediate(() => {
      queue.scheduled = false;
      dispatch(queue);
    });
  };

  /** Whether a consumer of a queue that is not background work has a delivery under way or waiting. */
  const foregroundBusy = () => {
    for (const queue of queues.values()) {
      if (queue.background || queue.consumers.length === 0) continue;
      if (queue.messages.length > 0 || queue.consumers.some((consumer) => consumer.current)) return true;
    }
    return false;
  };

  /** The other queues' work is done: the background queues' waiting messages go now. */
  const pumpBackground = () => {
    for (const queue of queues.values()) if (queue.background && queue.messages.length > 0) pump(queue);
  };

  /**
   * Whether a background queue waits: while other work is under way, until its oldest message
   * has waited `backgroundDelayMs`; it looks again then (or at once when that work ends).
   */
  const waitsForOthers = (queue: Queue): boolean => {
    const oldest = queue.messages[0];
    if (!queue.background || !oldest || !foregroundBusy()) return false;
    const left = oldest.at + backgroundDelayMs - performance.now();
    if (left <= 0) return false;
    clearTimeout(queue.deferred);
    queue.deferred = setTimeout(() => pump(queue), left);
    return true;
  };

  /** Hands waiting messages to idle consumers, round robin, one message per consumer at a time. */
  const dispatch = (queue: Queue) => {
    if (waitsForOthers(queue)) return;
    while (!closed && queue.messages.length > 0) {
      const consumer = nextIdle(queue);
      const message = consumer && queue.messages.shift();
      if (!consumer || !message) return;
      const delivery = deliver(queue, consumer.subscription, message).finally(() => {
        consumer.current = undefined;
        deliveries.delete(delivery);
        pump(queue);
        if (!queue.background && !foregroundBusy()) pumpBackground();
      });
      consumer.current = delivery;
      deliveries.add(delivery);
    }
  };

  const nextIdle = (queue: Queue): QueueConsumer | undefined => {
    for (let i = 0; i < queue.consumers.length; i++) {
      const consumer = queue.consumers[queue.turn++ % queue.consumers.length];
      if (consumer && !consumer.current) return consumer;
    }
    return undefined;
  };

  async function deliver(queue: Queue, subscription: Subscription, message: Message): Promise<void> {
    const event = JSON.parse(message.body) as EventEnvelope;
    const { maxAttempts, retryDelayMs } = retryPolicy(subscription);
    const context = { queue: queue.name, eventId: event.id, type: event.type, attempt: message.attempt };
    try {
      await consumeInSpan(event, { attempt: message.attempt, queue: queue.name }, subscription.handler);
    } catch (err) {
      if (closed) return;
      if (message.attempt >= maxAttempts) {
        logger?.error({ err, ...context }, 'event handler failed on its last attempt; moved to the dead-letter queue');
        enqueue(declare(`${queue.name}.dlq`), { body: message.body, attempt: 1, at: performance.now() });
        return;
      }
      logger?.warn({ err, ...context }, 'event handler failed; will retry');
      const timer = setTimeout(() => {
        retryTimers.delete(timer);
        enqueue(queue, { body: message.body, attempt: message.attempt + 1, at: performance.now() });
      }, retryDelayMs);
      retryTimers.add(timer);
    }
  }

  return {
    async publish(event) {
      assertOpen();
      const body = JSON.stringify(event);
      const at = performance.now();
      for (const queue of routeOf(event.type)) enqueue(queue, { body, attempt: 1, at });
    },

    async subscribe(subscription): Promise<Consumer> {
      assertOpen();
      const queue = declare(subscription.queue, subscription.patterns);
      if (subscription.background) queue.background = true;
      declare(`${subscription.queue}.dlq`);
      const consumer: QueueConsumer = { subscription };
      queue.consumers.push(consumer);
      pump(queue);
      return {
        async close() {
          queue.consumers = queue.consumers.filter((c) => c !== consumer);
          await consumer.current;
        },
      };
    },

    async deadLetters(queue) {
      return (queues.get(`${queue}.dlq`)?.messages ?? []).map((m) => JSON.parse(m.body) as EventEnvelope);
    },

    async ping() {
      assertOpen();
    },

    async close() {
      closed = true;
      for (const queue of queues.values()) clearTimeout(queue.deferred);
      for (const timer of retryTimers) clearTimeout(timer);
      retryTimers.clear();
      await Promise.all(deliveries);
    },
  };
}

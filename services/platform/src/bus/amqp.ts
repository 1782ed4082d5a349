import { type ChannelModel, type ConfirmChannel, type ConsumeMessage, type Message, connect } from 'amqplib';
import type { ObservableResult } from '@opentelemetry/api';
import { queueDepth } from '../metrics/instruments';
import { retryPolicy } from './retry';
import { consumeInSpan } from './tracing';
import type { BusLogger, Consumer, EventBus, EventEnvelope, QueueDeclaration, Subscription } from './types';

export interface AmqpBusOptions {
  /** The durable topic exchange events are published to. Default `events`. */
  exchange?: string;
  /**
   * Put before every queue name (and so its `.retry` and `.dlq`), e.g. `staging.` to give two
   * deployments on one broker their own queues. Default none.
   */
  queuePrefix?: string;
  /**
   * Consumer queues to declare (durable, with the queue prefix) and bind on every connection,
   * before the bus is handed out, whether or not this process consumes them: events published
   * before a queue's consumer first starts then wait in the queue instead of being dropped by
   * the exchange. Only the queue and its bindings: its `.retry` and `.dlq` carry the
   * consumer's retry policy and are declared when it subscribes. Default none.
   */
  declare?: QueueDeclaration[];
  /** Unacknowledged messages per consumer. Default 1: one at a time, in order, like the memory bus. */
  prefetch?: number;
  logger?: BusLogger;
}

/** Delivery number of a message, carried across its trips through the retry queue. */
const ATTEMPT_HEADER = 'x-attempt';
/** Why a message was dead-lettered, for whoever inspects the DLQ. */
const ERROR_HEADER = 'x-error';

interface ActiveConsumer {
  subscription: Subscription;
  /** The connection it was last started on; a new connection starts it again. */
  model?: ChannelModel;
  /** Set once consuming, cleared when the channel closes. */
  channel?: ConfirmChannel;
  consumerTag?: string;
  inFlight: Set<Promise<void>>;
  closed: boolean;
}

/**
 * The event bus over RabbitMQ. Events go to a durable topic exchange (routing key = type) as
 * persistent JSON messages, and `publish` resolves once the broker has confirmed them. Each
 * subscription owns three durable queues:
 *
 * - `<queue>`, bound to the subscription's patterns, consumed with manual acks: a message is
 *   acked only after its handler resolved;
 * - `<queue>.retry`, where a failed message waits `retryDelayMs` (x-message-ttl) before it
 *   dead-letters back to `<queue>` through the default exchange, its attempt number raised;
 * - `<queue>.dlq`, where it lands after `maxAttempts`, or at once when it is not an event.
 *
 * Moving a message is "publish the copy, wait for the confirm, then ack the original", so a
 * crash in between duplicates it rather than losing it; the inbox makes duplicates no-ops.
 * The queues of `declare` are declared and bound on each connection before anything is
 * published, so the events of a consumer that has not started yet are kept for it.
 *
 * When the connection drops the bus reconnects with backoff (amqplib's recovery), declares
 * the topology again and restarts every consumer; publishing fails while it is down, which
 * leaves the event in the outbox for the relay's next round.
 */
export async function createAmqpBus(url: string, options: AmqpBusOptions = {}): Promise<EventBus> {
  const exchange = options.exchange ?? 'events';
  const queuePrefix = options.queuePrefix ?? '';
  const prefetch = options.prefetch ?? 1;
  const declared = options.declare ?? [];
  const { logger } = options;
  const consumers = new Set<ActiveConsumer>();
  let model: ChannelModel | undefined;
  let publisher: ConfirmChannel | undefined;
  let reopeningPublisher: Promise<ConfirmChannel> | undefined;
  let closing = false;
  let connects = 0;

  async function openPublisher(m: ChannelModel): Promise<ConfirmChannel> {
    const channel = await m.createConfirmChannel();
    channel.on('error', (err: Error) => logger?.warn({ err }, 'RabbitMQ publishing channel error'));
    channel.on('close', () => {
      if (publisher === channel) publisher = undefined;
    });
    await channel.assertExchange(exchange, 'topic', { durable: true });
    return channel;
  }

  /** Runs on every (re)connection, before the connection is handed out. */
  async function setup(m: ChannelModel): Promise<void> {
    // Errors of the connection reach the recovering model, which logs them; this listener
    // only keeps an error raised during setup from crashing the process.
    m.on('error', () => undefined);
    m.on('close', () => {
      if (model !== m) return;
      model = undefined;
      publisher = undefined;
    });
    // Nothing is published on this connection until the topology is declared: on a broker that
    // lost its definitions, an event published first would be confirmed and dropped.
    const channel = await openPublisher(m);
    await declareQueues(m);
    publisher = channel;
    model = m;
    for (const consumer of consumers) {
      if (consumer.model !== m) await startConsumer(m, consumer);
    }
  }

  /** The queues of `declare`, as their consumers declare them (see `startConsumer`). */
  async function declareQueues(m: ChannelModel): Promise<void> {
    if (declared.length === 0) return;
    const channel = await m.createChannel();
    // A refused declaration closes the channel with an error that its rejected call carries
    // too: it fails this setup, and recovery logs it and tries the connection again.
    channel.on('error', () => undefined);
    try {
      // The exchange is there: openPublisher declared it on this connection just before.
      for (const { queue, patterns } of declared) {
        await channel.assertQueue(queuePrefix + queue, { durable: true });
        for (const pattern of patterns) await channel.bindQueue(queuePrefix + queue, exchange, pattern);
      }
    } finally {
      await channel.close().catch(() => undefined);
    }
  }

  async function publishingChannel(): Promise<ConfirmChannel> {
    if (publisher) return publisher;
    const m = model;
    if (!m) throw new Error('RabbitMQ connection is not open');
    // The connection is up but the channel was closed by the broker (e.g. the exchange was
    // deleted): open another, which also declares the exchange again.
    reopeningPublisher ??= openPublisher(m)
      .then((channel) => (publisher = channel))
      .finally(() => (reopeningPublisher = undefined));
    return reopeningPublisher;
  }

  async function startConsumer(m: ChannelModel, consumer: ActiveConsumer): Promise<void> {
    consumer.model = m;
    const { queue, patterns } = consumer.subscription;
    const { retryDelayMs } = retryPolicy(consumer.subscription);
    const channel = await m.createConfirmChannel();
    channel.on('error', (err: Error) => logger?.warn({ err, queue }, 'RabbitMQ consumer channel error'));
    channel.on('close', () => onConsumerChannelClosed(m, consumer, channel));
    await channel.prefetch(prefetch);
    await channel.assertExchange(exchange, 'topic', { durable: true });
    await channel.assertQueue(queue, { durable: true });
    for (const pattern of patterns) await channel.bindQueue(queue, exchange, pattern);
    await channel.assertQueue(`${queue}.retry`, {
      durable: true,
      arguments: { 'x-message-ttl': retryDelayMs, 'x-dead-letter-exchange': '', 'x-dead-letter-routing-key': queue },
    });
    await channel.assertQueue(`${queue}.dlq`, { durable: true });
    const { consumerTag } = await channel.consume(queue, (msg) => {
      if (!msg) return onCancelledByBroker(m, consumer);
      const handling = handleMessage(channel, consumer.subscription, msg).catch((err: unknown) =>
        logger?.warn({ err, queue, messageId: msg.properties.messageId }, 'could not settle a message; RabbitMQ will redeliver it'),
      );
      consumer.inFlight.add(handling);
      void handling.finally(() => consumer.inFlight.delete(handling));
    });
    consumer.channel = channel;
    consumer.consumerTag = consumerTag;
    if (consumer.closed) await stopConsumer(consumer);
  }

  /**
   * A consumer's channel closed while its connection stayed up (a channel error, the queue
   * deleted): reset the connection, so recovery declares everything again and restarts it.
   */
  function onConsumerChannelClosed(m: ChannelModel, consumer: ActiveConsumer, channel: ConfirmChannel) {
    if (consumer.channel !== channel) return;
    consumer.channel = undefined;
    // A closing connection closes its channels before it reports its own close: look again
    // once it has, so a dropped connection is left to recovery rather than reset twice.
    setImmediate(() => resetConnection(m, consumer, 'RabbitMQ consumer channel closed; resetting the connection'));
  }

  function onCancelledByBroker(m: ChannelModel, consumer: ActiveConsumer) {
    resetConnection(m, consumer, 'RabbitMQ cancelled a consumer; resetting the connection');
  }

  function resetConnection(m: ChannelModel, consumer: ActiveConsumer, reason: string) {
    if (consumer.closed || closing || model !== m) return;
    logger?.warn({ queue: consumer.subscription.queue }, reason);
    m.close().catch(() => undefined);
  }

  async function handleMessage(channel: ConfirmChannel, subscription: Subscription, msg: ConsumeMessage): Promise<void> {
    const { queue, handler } = subscription;
    const { maxAttempts } = retryPolicy(subscription);
    const attempt = Number(msg.properties.headers?.[ATTEMPT_HEADER]) || 1;
    const event = parseEnvelope(msg.content);
    if (!event) {
      logger?.error({ queue, messageId: msg.properties.messageId }, 'message is not an event envelope; moved to the dead-letter queue');
      await moveTo(channel, msg, `${queue}.dlq`, { [ERROR_HEADER]: 'not a JSON event envelope' });
      return;
    }
    try {
      await consumeInSpan(event, { attempt, queue }, handler);
    } catch (err) {
      const context = { err, queue, eventId: event.id, type: event.type, attempt };
      if (attempt >= maxAttempts) {
        logger?.error(context, 'event handler failed on its last attempt; moved to the dead-letter queue');
        await moveTo(channel, msg, `${queue}.dlq`, { [ERROR_HEADER]: truncate(errorText(err)) });
      } else {
        logger?.warn(context, 'event handler failed; will retry');
        await moveTo(channel, msg, `${queue}.retry`, { [ATTEMPT_HEADER]: attempt + 1 });
      }
      return;
    }
    channel.ack(msg);
  }

  /** Puts a copy of `msg` on `queue` (default exchange), waits for the confirm, then acks `msg`. */
  async function moveTo(channel: ConfirmChannel, msg: Message, queue: string, headers: Record<string, unknown>) {
    const { properties } = msg;
    await new Promise<void>((resolve, reject) => {
      channel.sendToQueue(
        queue,
        msg.content,
        {
          persistent: true,
          contentType: properties.contentType as string | undefined,
          messageId: properties.messageId as string | undefined,
          type: properties.type as string | undefined,
          headers: { ...withoutDeathHeaders(properties.headers), ...headers },
        },
        (err) => (err ? reject(asError(err)) : resolve()),
      );
    });
    channel.ack(msg);
  }

  async function stopConsumer(consumer: ActiveConsumer): Promise<void> {
    const { channel, consumerTag } = consumer;
    if (channel && consumerTag) await channel.cancel(consumerTag).catch(() => undefined);
    await Promise.all(consumer.inFlight);
    consumer.channel = undefined;
    if (channel) await channel.close().catch(() => undefined);
  }

  const connection = await connect(url, {
    recovery: { initialDelay: 200, maxDelay: 10_000, initialMaxRetries: 8, waitForConnect: false, setup },
  });
  connection.on('error', (err: Error) => logger?.warn({ err }, 'RabbitMQ connection error'));
  connection.on('disconnect', (err: Error) => logger?.warn({ err }, 'RabbitMQ connection lost; reconnecting'));
  connection.on('reconnect-scheduled', (info: { attempt: number; delay: number; error: Error }) =>
    logger?.warn({ err: info.error, attempt: info.attempt, delayMs: info.delay }, 'RabbitMQ connection attempt failed; retrying'),
  );
  connection.on('reconnect-failed', (err: Error) => logger?.error({ err }, 'RabbitMQ reconnection abandoned'));
  connection.on('connect', () => {
    if (++connects > 1) logger?.warn({ exchange, consumers: consumers.size }, 'RabbitMQ connection restored');
  });
  await connection.waitForConnect();

  /** At each metrics scrape: the depth of every queue consumed here and of its dead-letter queue. */
  const depthGauge = queueDepth();
  async function observeQueueDepth(result: ObservableResult) {
    const queues = [...new Set([...consumers].map((c) => c.subscription.queue))];
    const m = model;
    if (!m || queues.length === 0) return;
    const channel = await m.createChannel();
    channel.on('error', () => undefined); // a queue deleted meanwhile closes the channel; the scrape skips the rest
    try {
      for (const name of queues.flatMap((q) => [q, `${q}.dlq`])) {
        result.observe((await channel.checkQueue(name)).messageCount, { queue: name });
      }
    } catch (err) {
      logger?.warn({ err }, 'could not read queue depths for the metrics');
    } finally {
      await channel.close().catch(() => undefined);
    }
  }
  depthGauge.addCallback(observeQueueDepth);

  return {
    async publish(event) {
      const channel = await publishingChannel();
      await new Promise<void>((resolve, reject) => {
        channel.publish(
          exchange,
          event.type,
          Buffer.from(JSON.stringify(event)),
          {
            persistent: true,
            contentType: 'application/json',
            messageId: event.id,
            type: event.type,
            headers: event.traceparent ? { traceparent: event.traceparent } : {},
          },
          (err) => (err ? reject(asError(err)) : resolve()),
        );
      });
    },

    async subscribe(requested): Promise<Consumer> {
      if (closing) throw new Error('the event bus is closed');
      const subscription = { ...requested, queue: queuePrefix + requested.queue };
      const consumer: ActiveConsumer = { subscription, inFlight: new Set(), closed: false };
      // Registered first, so a reconnection in the meantime starts it too. While disconnected
      // it only registers; the next connection starts it.
      consumers.add(consumer);
      const m = model;
      if (m) {
        await startConsumer(m, consumer).catch((err: unknown) => {
          // Lost with its connection: recovery starts it again. Refused on a live
          // connection (e.g. its retry queue exists with another TTL): the caller hears it.
          if (model !== m) return;
          consumers.delete(consumer);
          throw err;
        });
      }
      return {
        async close() {
          consumer.closed = true;
          consumers.delete(consumer);
          await stopConsumer(consumer);
        },
      };
    },

    /**
     * Reads a dead-letter queue without consuming it: the messages are fetched unacked and
     * put back (in their places) when the channel closes. For tests and the admin area; a
     * message that is not an event comes back with its raw text as `data`.
     */
    async deadLetters(name) {
      const queue = queuePrefix + name;
      const m = model;
      if (!m) throw new Error('RabbitMQ connection is not open');
      const channel = await m.createChannel();
      channel.on('error', () => undefined); // a missing queue closes the channel; handled below
      try {
        await channel.checkQueue(`${queue}.dlq`);
        const events: EventEnvelope[] = [];
        for (let msg = await channel.get(`${queue}.dlq`); msg; msg = await channel.get(`${queue}.dlq`)) {
          events.push(parseEnvelope(msg.content) ?? rawEnvelope(msg));
        }
        return events;
      } catch (err) {
        if ((err as { code?: number }).code === 404) return [];
        throw err;
      } finally {
        await channel.close().catch(() => undefined);
      }
    },

    async ping() {
      if (!model || !publisher) throw new Error('RabbitMQ connection is not open');
    },

    async close() {
      closing = true;
      depthGauge.removeCallback(observeQueueDepth);
      await Promise.all(
        [...consumers].map((consumer) => {
          consumer.closed = true;
          return stopConsumer(consumer);
        }),
      );
      consumers.clear();
      await publisher?.close().catch(() => undefined);
      await connection.close();
    },
  };
}

function parseEnvelope(content: Buffer): EventEnvelope | undefined {
  try {
    const value = JSON.parse(content.toString('utf8')) as Partial<EventEnvelope> | null;
    if (value && typeof value.id === 'string' && typeof value.type === 'string' && 'data' in value) return value as EventEnvelope;
  } catch {
    // not JSON: handled as not an envelope
  }
  return undefined;
}

function rawEnvelope(msg: Message): EventEnvelope {
  return {
    id: String(msg.properties.messageId ?? ''),
    type: String(msg.properties.type ?? ''),
    version: 0,
    occurredAt: '',
    data: msg.content.toString('utf8'),
  };
}

/** RabbitMQ's own dead-lettering history; it is reset on each republish rather than accumulated. */
function withoutDeathHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> {
  return Object.fromEntries(Object.entries(headers ?? {}).filter(([key]) => !/^x-(first-|last-)?death/.test(key)));
}

function asError(err: unknown): Error {
  return err instanceof Error ? err : new Error(String(err));
}

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/** AMQP header values are bounded; an error message can be anything. */
function truncate(text: string, max = 1000): string {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { type ChannelModel, connect } from 'amqplib';
import { testInfra, uniqueName } from '../testing';
import { createAmqpBus } from './amqp';
import { deleteAmqpTopology, waitFor } from './test-helpers';
import type { BusLogger, EventBus, EventEnvelope, QueueDeclaration } from './types';

const event = (type: string, traceparent?: string): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  ...(traceparent ? { traceparent } : {}),
  data: { n: 1 },
});

function recordingLogger() {
  const lines: Array<{ level: 'warn' | 'error'; msg?: string; obj: object }> = [];
  const logger: BusLogger = {
    warn: (obj, msg) => void lines.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => void lines.push({ level: 'error', obj, msg }),
  };
  return { logger, lines, messages: () => lines.map((l) => l.msg) };
}

/**
 * A TCP proxy in front of RabbitMQ, so a test can cut the bus's connection (and refuse new
 * ones for a while) the way a network failure or a broker restart would.
 */
async function startProxy(amqpUrl: string) {
  const target = new URL(amqpUrl);
  const sockets = new Set<net.Socket>();
  let refusing = false;
  const server = net.createServer((client) => {
    if (refusing) return void client.destroy();
    const upstream = net.connect(Number(target.port || 5672), target.hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  const url = new URL(amqpUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    refuse(on: boolean) {
      refusing = on;
    },
    cutAll() {
      for (const socket of sockets) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('createAmqpBus', () => {
  let amqpUrl: string;
  let raw: ChannelModel;
  const cleanups: Array<() => Promise<void>> = [];

  beforeAll(async () => {
    ({ amqpUrl } = await testInfra());
    raw = await connect(amqpUrl);
  });

  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  afterAll(async () => {
    await raw.close();
  });

  /** A bus on its own exchange; the bus, the exchange and `queues` are removed after the test. */
  async function newBus(
    options: { url?: string; logger?: BusLogger; queues?: string[]; queuePrefix?: string; declare?: QueueDeclaration[] } = {},
  ) {
    const exchange = uniqueName('events');
    const sut = await createAmqpBus(options.url ?? amqpUrl, {
      exchange,
      logger: options.logger,
      queuePrefix: options.queuePrefix,
      declare: options.declare,
    });
    cleanups.push(async () => {
      await sut.close();
      await deleteAmqpTopology(amqpUrl, exchange, options.queues ?? []);
    });
    return { sut, exchange };
  }

  it('publishes persistent JSON messages carrying the event id, type and traceparent', async () => {
    const { sut, exchange } = await newBus();
    const channel = await raw.createChannel();
    const { queue } = await channel.assertQueue('', { exclusive: true });
    await channel.bindQueue(queue, exchange, 'analysis.#');
    const published = event('analysis.completed', '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01');

    await sut.publish(published);

    const msg = await waitFor('the message', () => channel.get(queue, { noAck: true }));
    await channel.close();
    expect(msg.fields.routingKey).toBe('analysis.completed');
    expect(msg.properties).toMatchObject({
      deliveryMode: 2,
      contentType: 'application/json',
      messageId: published.id,
      type: 'analysis.completed',
      headers: { traceparent: published.traceparent },
    });
    expect(JSON.parse(msg.content.toString())).toEqual(published);
  });

  it('puts the queue prefix before every queue it declares', async () => {
    const queuePrefix = `${uniqueName('deploy')}.`;
    const queue = 'billing.user-registered';
    const full = `${queuePrefix}${queue}`;
    const { sut } = await newBus({ queuePrefix, queues: [full] });
    const seen: string[] = [];
    await sut.subscribe({ queue, patterns: ['user.#'], maxAttempts: 1, handler: async (e) => void seen.push(e.id) });

    const channel = await raw.createChannel();
    channel.on('error', () => undefined);
    for (const name of [full, `${full}.retry`, `${full}.dlq`])
      await expect(channel.checkQueue(name)).resolves.toMatchObject({ queue: name });
    await expect(channel.checkQueue(queue)).rejects.toThrow(/NOT_FOUND/);

    const published = event('user.registered');
    await sut.publish(published);
    await waitFor('the delivery', async () => seen.length > 0 || undefined);
    expect(seen).toEqual([published.id]);
    await expect(sut.deadLetters(queue)).resolves.toEqual([]);
  });

  it('declares the queues of `declare`, prefixed and bound, on every connection before it is usable', async () => {
    const queuePrefix = `${uniqueName('deploy')}.`;
    const queue = 'billing.user-registered';
    const full = `${queuePrefix}${queue}`;
    const proxy = await startProxy(amqpUrl);
    cleanups.push(() => proxy.close());
    const { sut } = await newBus({ url: proxy.url, queuePrefix, queues: [full], declare: [{ queue, patterns: ['user.registered'] }] });

    const checking = await raw.createChannel();
    checking.on('error', () => undefined);
    await expect(checking.checkQueue(full)).resolves.toMatchObject({ queue: full, consumerCount: 0 });
    // The retry and dead-letter queues carry the consumer's retry policy: its subscribe declares them.
    await expect(checking.checkQueue(`${full}.retry`)).rejects.toThrow(/NOT_FOUND/);

    // Deleted behind the bus's back, then the connection drops: the next connection declares it again.
    const deleting = await raw.createChannel();
    await deleting.deleteQueue(full);
    await deleting.close();
    proxy.refuse(true);
    proxy.cutAll();
    await waitFor('the bus to notice', () =>
      sut.ping().then(
        () => false,
        () => true,
      ),
    );
    proxy.refuse(false);
    await waitFor('the reconnection', () =>
      sut.ping().then(
        () => true,
        () => false,
      ),
    );

    const published = event('user.registered');
    await sut.publish(published);
    const seen: string[] = [];
    await sut.subscribe({ queue, patterns: ['user.registered'], handler: async (e) => void seen.push(e.id) });
    await waitFor('the event published before the subscription', () => seen.length > 0);
    expect(seen).toEqual([published.id]);
  });

  it('moves a message that is not an event straight to the dead-letter queue', async () => {
    const queue = uniqueName('bus_poison');
    const { logger, messages } = recordingLogger();
    const { sut } = await newBus({ logger, queues: [queue] });
    let handled = 0;
    await sut.subscribe({ queue, patterns: ['#'], maxAttempts: 5, handler: async () => void handled++ });
    const channel = await raw.createConfirmChannel();
    await new Promise((resolve, reject) =>
      channel.sendToQueue(queue, Buffer.from('{not json'), { messageId: 'poison-1', type: 'junk' }, (err) =>
        err ? reject(err) : resolve(undefined),
      ),
    );
    await channel.close();

    const dead = await waitFor('the dead letter', async () => {
      const letters = await sut.deadLetters(queue);
      return letters.length > 0 && letters;
    });
    expect(dead).toEqual([{ id: 'poison-1', type: 'junk', version: 0, occurredAt: '', data: '{not json' }]);
    expect(handled).toBe(0);
    expect(messages()).toContain('message is not an event envelope; moved to the dead-letter queue');
  });

  it('reads an unknown dead-letter queue as empty and keeps working', async () => {
    const queue = uniqueName('bus_after_404');
    const { sut } = await newBus({ queues: [queue] });
    expect(await sut.deadLetters(uniqueName('never_declared'))).toEqual([]);

    const received: string[] = [];
    await sut.subscribe({ queue, patterns: ['user.updated'], handler: async (e) => void received.push(e.id) });
    const published = event('user.updated');
    await sut.publish(published);
    await sut.ping();
    await waitFor('the delivery', () => received.length === 1);
    expect(received).toEqual([published.id]);
  });

  it('refuses a subscription whose retry queue exists with another delay, without harming the bus', async () => {
    const queue = uniqueName('bus_ttl');
    const { sut } = await newBus({ queues: [queue] });
    const handler = async () => undefined;
    const first = await sut.subscribe({ queue, patterns: ['a.b'], retryDelayMs: 100, handler });
    await first.close();

    await expect(sut.subscribe({ queue, patterns: ['a.b'], retryDelayMs: 200, handler })).rejects.toThrow(/PRECONDITION_FAILED/);

    const received: string[] = [];
    await sut.subscribe({ queue, patterns: ['a.b'], retryDelayMs: 100, handler: async (e) => void received.push(e.id) });
    const published = event('a.b');
    await sut.publish(published);
    await waitFor('the delivery', () => received.length === 1);
  });

  it('reconnects after the connection drops, restarting its consumers; an unacked message comes again', async () => {
    const queue = uniqueName('bus_reconnect');
    const proxy = await startProxy(amqpUrl);
    cleanups.push(() => proxy.close());
    const { logger, messages } = recordingLogger();
    const { sut } = await newBus({ url: proxy.url, logger, queues: [queue] });

    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const handled: string[] = [];
    let deliveries = 0;
    await sut.subscribe({
      queue,
      patterns: ['job.*'],
      handler: async (e) => {
        if (++deliveries === 1) await gate;
        handled.push(e.id);
      },
    });
    const first = event('job.started');
    await sut.publish(first);
    await waitFor('the first delivery', () => deliveries === 1);

    proxy.refuse(true);
    proxy.cutAll();
    await waitFor('the bus to notice', () =>
      sut.ping().then(
        () => false,
        () => true,
      ),
    );
    await expect(sut.publish(event('job.lost'))).rejects.toThrow('not open');
    // The handler finishes after its connection is gone: its ack cannot reach the broker.
    release();

    proxy.refuse(false);
    await waitFor('the reconnection', () =>
      sut.ping().then(
        () => true,
        () => false,
      ),
    );
    await waitFor('the redelivery', () => deliveries === 2);
    const second = event('job.finished');
    await sut.publish(second);
    await waitFor('the next event', () => handled.includes(second.id));

    expect(handled).toEqual([first.id, first.id, second.id]);
    expect(messages()).toEqual(expect.arrayContaining(['RabbitMQ connection lost; reconnecting', 'RabbitMQ connection restored']));
  });

  it('closes cleanly: consumers stop, then the connection', async () => {
    const queue = uniqueName('bus_close');
    const exchange = uniqueName('events');
    const sut: EventBus = await createAmqpBus(amqpUrl, { exchange });
    cleanups.push(() => deleteAmqpTopology(amqpUrl, exchange, [queue]));
    await sut.subscribe({ queue, patterns: ['#'], handler: async () => undefined });
    await sut.ping();

    await sut.close();

    await expect(sut.ping()).rejects.toThrow('not open');
    const channel = await raw.createChannel();
    const { consumerCount } = await channel.checkQueue(queue);
    await channel.close();
    expect(consumerCount).toBe(0);
  });
});

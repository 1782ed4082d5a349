import { randomUUID } from 'node:crypto';
import { createMemoryBus } from './memory';
import { waitFor } from './test-helpers';
import type { EventEnvelope } from './types';

const event = (type: string): EventEnvelope => ({ id: randomUUID(), type, version: 1, occurredAt: new Date().toISOString(), data: {} });

describe('createMemoryBus', () => {
  const sut = createMemoryBus();
  afterAll(() => sut.close());

  it('never runs a handler inside publish', async () => {
    const handled: string[] = [];
    await sut.subscribe({ queue: 'memory.async', patterns: ['user.registered'], handler: async (e) => void handled.push(e.id) });
    const published = event('user.registered');

    const publishing = sut.publish(published);
    expect(handled).toEqual([]);
    await publishing;
    expect(handled).toEqual([]);
    await waitFor('the delivery', () => handled.length === 1);
    expect(handled).toEqual([published.id]);
  });

  it('gives a handler its own copy of the event on every delivery', async () => {
    const seen: unknown[] = [];
    await sut.subscribe({
      queue: 'memory.copies',
      patterns: ['credit.debited'],
      retryDelayMs: 1,
      handler: async (e, info) => {
        seen.push(structuredClone(e.data));
        (e.data as { amount: number }).amount = -1;
        if (info.attempt === 1) throw new Error('retry me');
      },
    });
    const published = { ...event('credit.debited'), data: { amount: 5 } };
    await sut.publish(published);
    await waitFor('the retry', () => seen.length === 2);
    expect(seen).toEqual([{ amount: 5 }, { amount: 5 }]);
    expect(published.data.amount).toBe(5);
  });

  it('shares a queue among competing consumers, each message going to one of them', async () => {
    const byConsumer: Record<string, string[]> = { a: [], b: [] };
    for (const name of ['a', 'b'] as const) {
      await sut.subscribe({ queue: 'memory.shared', patterns: ['job.*'], handler: async (e) => void byConsumer[name]!.push(e.type) });
    }
    for (const n of [1, 2, 3, 4]) await sut.publish(event(`job.${n}`));
    await waitFor('four deliveries', () => byConsumer.a!.length + byConsumer.b!.length === 4);
    expect([...byConsumer.a!, ...byConsumer.b!].sort()).toEqual(['job.1', 'job.2', 'job.3', 'job.4']);
    expect(byConsumer.a!.length).toBe(2);
  });

  it('routes an event type to a queue bound after that type was first published, and to a binding added later', async () => {
    const handled: string[] = [];
    const handler = async (e: EventEnvelope) => void handled.push(`${e.type}`);
    await sut.publish(event('route.first')); // no queue yet: dropped
    await sut.subscribe({ queue: 'memory.routes', patterns: ['route.first'], handler });
    await sut.publish(event('route.first'));
    await sut.publish(event('route.second')); // not bound yet: dropped
    await waitFor('the first delivery', () => handled.length === 1);
    await sut.subscribe({ queue: 'memory.routes', patterns: ['route.#'], handler });
    await sut.publish(event('route.second'));
    await waitFor('the second delivery', () => handled.length === 2);
    expect(handled).toEqual(['route.first', 'route.second']);
  });

  it('keeps dead letters in <queue>.dlq, a queue that can be consumed like any other', async () => {
    await sut.subscribe({
      queue: 'memory.failing',
      patterns: ['payment.failed'],
      maxAttempts: 1,
      handler: async () => {
        throw new Error('always');
      },
    });
    const published = event('payment.failed');
    await sut.publish(published);
    await waitFor('the dead letter', async () => (await sut.deadLetters('memory.failing')).length === 1);

    const replayed: EventEnvelope[] = [];
    await sut.subscribe({ queue: 'memory.failing.dlq', patterns: [], handler: async (e) => void replayed.push(e) });
    await waitFor('the replay', () => replayed.length === 1);
    expect(replayed).toEqual([published]);
    expect(await sut.deadLetters('memory.failing')).toEqual([]);
  });

  it('lets a closing consumer finish the message it is handling', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let started = false;
    let finished = false;
    const consumer = await sut.subscribe({
      queue: 'memory.closing',
      patterns: ['slow.job'],
      handler: async () => {
        started = true;
        await gate;
        finished = true;
      },
    });
    await sut.publish(event('slow.job'));
    await waitFor('the handler to start', () => started);

    let closed = false;
    const closing = consumer.close().then(() => (closed = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(false);
    release();
    await closing;
    expect(finished).toBe(true);
  });
});

describe('a closed memory bus', () => {
  it('refuses to publish and subscribe, and fails ping', async () => {
    const sut = createMemoryBus();
    await sut.close();
    await expect(sut.publish(event('user.updated'))).rejects.toThrow('closed');
    await expect(sut.subscribe({ queue: 'q', patterns: ['#'], handler: async () => undefined })).rejects.toThrow('closed');
    await expect(sut.ping()).rejects.toThrow('closed');
  });

  describe('background subscriptions', () => {
    const background = createMemoryBus({ backgroundDelayMs: 60_000 });
    afterAll(() => background.close());

    it('wait while another consumer works, and go as soon as it is done', async () => {
      let release!: () => void;
      const gate = new Promise<void>((resolve) => (release = resolve));
      const order: string[] = [];
      await background.subscribe({
        queue: 'bg.jobs',
        patterns: ['bg.job'],
        handler: async () => {
          order.push('job started');
          await gate;
          order.push('job done');
        },
      });
      await background.subscribe({
        queue: 'bg.read-model',
        patterns: ['bg.*'],
        background: true,
        handler: async (e) => void order.push(e.type),
      });
      await background.publish(event('bg.job'));
      await waitFor('the job', () => order.includes('job started'));
      await background.publish(event('bg.other'));
      // A later turn of the event loop: the background queue was looked at and left waiting.
      await new Promise((resolve) => setImmediate(resolve));
      await new Promise((resolve) => setImmediate(resolve));
      expect(order).toEqual(['job started']);
      release();
      await waitFor('the read model', () => order.length === 4);
      expect(order).toEqual(['job started', 'job done', 'bg.job', 'bg.other']);
    });

    it('go at once when nothing else is under way', async () => {
      const seen: string[] = [];
      await background.subscribe({
        queue: 'bg.idle',
        patterns: ['idle.*'],
        background: true,
        handler: async (e) => void seen.push(e.type),
      });
      await background.publish(event('idle.one'));
      await waitFor('the delivery', () => seen.length === 1);
    });
  });

  it('delivers background work after backgroundDelayMs even while other work goes on', async () => {
    const bus = createMemoryBus({ backgroundDelayMs: 150 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let jobDone = false;
    await bus.subscribe({
      queue: 'busy.jobs',
      patterns: ['busy.job'],
      handler: async () => {
        await gate;
        jobDone = true;
      },
    });
    const seen: string[] = [];
    await bus.subscribe({
      queue: 'busy.read-model',
      patterns: ['busy.note'],
      background: true,
      handler: async (e) => void seen.push(e.type),
    });
    await bus.publish(event('busy.job'));
    await bus.publish(event('busy.note'));
    await waitFor('the background delivery', () => seen.length === 1);
    expect(jobDone).toBe(false);
    release();
    await bus.close();
  });
});

import { randomUUID } from 'node:crypto';
import { uniqueName } from '../testing';
import { testEvent, waitFor } from './test-helpers';
import type { DeliveryInfo, EventBus, EventEnvelope, QueueDeclaration, Subscription } from './types';

/** A bus under test and how to clean up after it. */
export interface BusFixture {
  bus: EventBus;
  /** Closes the bus and removes what the test declared on it: these queues and its exchange. */
  dispose(queues: string[]): Promise<void>;
}

const event = testEvent;

/**
 * The behaviour every EventBus implementation must share, so services can run on the
 * memory bus in the all-in-one process and on RabbitMQ when distributed. Absence of a
 * delivery is checked with a sentinel: a queue delivers in order, so once an event published
 * last has arrived, any earlier event routed to that queue has arrived too.
 */
export function describeBusConformance(name: string, makeBus: (options?: { declare?: QueueDeclaration[] }) => Promise<BusFixture>): void {
  describe(`EventBus conformance: ${name}`, () => {
    let fixture: BusFixture;
    let sut: EventBus;
    let queues: string[];

    beforeEach(async () => {
      fixture = await makeBus();
      sut = fixture.bus;
      queues = [];
    });

    afterEach(async () => {
      await fixture.dispose(queues);
    });

    const newQueue = (label: string) => {
      const queue = uniqueName(`bus_${label}`);
      queues.push(queue);
      return queue;
    };

    async function record(queue: string, patterns: string[], options: Partial<Subscription> = {}) {
      const received: EventEnvelope[] = [];
      const infos: DeliveryInfo[] = [];
      const consumer = await sut.subscribe({
        queue,
        patterns,
        handler: async (e, info) => {
          received.push(e);
          infos.push(info);
        },
        ...options,
      });
      const types = () => received.map((e) => e.type);
      return { received, infos, consumer, types, until: (type: string) => waitFor(`${type} on ${queue}`, () => types().includes(type)) };
    }

    const publishAll = async (...types: string[]) => {
      for (const type of types) await sut.publish(event(type));
    };

    it('routes an event to a queue bound to its exact type, and only that type', async () => {
      const queue = await record(newQueue('exact'), ['user.registered']);
      await publishAll('user.updated', 'user.registered.twice', 'user', 'user.registered');
      await queue.until('user.registered');
      expect(queue.types()).toEqual(['user.registered']);
      expect(queue.infos).toEqual([{ attempt: 1, queue: queues[0] }]);
    });

    it('matches * to exactly one word', async () => {
      const queue = await record(newQueue('star'), ['order.*']);
      await publishAll('order.paid', 'order', 'order.line.added', 'orders.paid', 'order.shipped');
      await queue.until('order.shipped');
      expect(queue.types()).toEqual(['order.paid', 'order.shipped']);
    });

    it('matches # to zero or more words', async () => {
      const queue = await record(newQueue('hash'), ['order.#', '#.failed']);
      await publishAll('order', 'other.thing', 'order.line.added', 'payment.failed', 'orders.paid', 'analysis.job.failed', 'order.shipped');
      await queue.until('order.shipped');
      expect(queue.types()).toEqual(['order', 'order.line.added', 'payment.failed', 'analysis.job.failed', 'order.shipped']);
    });

    it('fans one event out to every queue that matches it', async () => {
      const billing = await record(newQueue('fan_billing'), ['user.registered']);
      const admin = await record(newQueue('fan_admin'), ['user.*']);
      const published = event('user.registered', { userId: randomUUID() });
      await sut.publish(published);
      await billing.until('user.registered');
      await admin.until('user.registered');
      expect(billing.received).toEqual([published]);
      expect(admin.received).toEqual([published]);
    });

    it('does not deliver to a queue whose bindings do not match', async () => {
      const credits = await record(newQueue('credits'), ['credit.*']);
      const payments = await record(newQueue('payments'), ['payment.*']);
      await publishAll('payment.confirmed', 'credit.debited', 'credit.refunded', 'payment.failed');
      await credits.until('credit.refunded');
      await payments.until('payment.failed');
      expect(credits.types()).toEqual(['credit.debited', 'credit.refunded']);
      expect(payments.types()).toEqual(['payment.confirmed', 'payment.failed']);
    });

    it('keeps what is published while the consumer is closed and delivers it on the next subscribe', async () => {
      const queue = newQueue('durable');
      const first = await record(queue, ['stock.*']);
      await publishAll('stock.listed');
      await first.until('stock.listed');
      await first.consumer.close();

      await publishAll('stock.priced', 'stock.delisted');
      expect(first.types()).toEqual(['stock.listed']);

      const second = await record(queue, ['stock.*']);
      await second.until('stock.delisted');
      expect(second.types()).toEqual(['stock.priced', 'stock.delisted']);
      expect(first.types()).toEqual(['stock.listed']);
    });

    it('drops what is published before a queue exists: only the queue bound at publish time gets it', async () => {
      await publishAll('member.joined');
      const queue = await record(newQueue('undeclared'), ['member.*']);
      await publishAll('member.sentinel');
      await queue.until('member.sentinel');
      expect(queue.types()).toEqual(['member.sentinel']);
    });

    it('keeps what is published to a declared queue before its consumer first subscribes', async () => {
      const queue = newQueue('declared');
      const declaring = await makeBus({ declare: [{ queue, patterns: ['member.joined', 'member.left'] }] });
      try {
        const published = event('member.joined', { userId: randomUUID() });
        await declaring.bus.publish(published);
        await declaring.bus.publish(event('member.renamed'));
        await declaring.bus.publish(event('member.left'));

        const received: EventEnvelope[] = [];
        // The consumer binds only what the declaration bound, as a service's subscription does.
        await declaring.bus.subscribe({ queue, patterns: ['member.joined', 'member.left'], handler: async (e) => void received.push(e) });
        await waitFor('both events', () => received.length === 2);
        expect(received[0]).toEqual(published);
        expect(received.map((e) => e.type)).toEqual(['member.joined', 'member.left']);
      } finally {
        await declaring.dispose([queue]);
      }
    });

    it('delivers one message at a time per queue, in publish order', async () => {
      const queue = newQueue('serial');
      const creating = await record(queue, ['seq.*']);
      await creating.consumer.close();
      // Published while nobody consumes, so all five are ready at once when the consumer comes.
      await publishAll('seq.1', 'seq.2', 'seq.3', 'seq.4', 'seq.5');

      const order: string[] = [];
      let active = 0;
      let maxActive = 0;
      await sut.subscribe({
        queue,
        patterns: ['seq.*'],
        handler: async (e) => {
          maxActive = Math.max(maxActive, ++active);
          // A handler that takes a while, so that a second delivery would overlap it.
          await new Promise((resolve) => setTimeout(resolve, 20));
          order.push(e.type);
          active--;
        },
      });
      await waitFor('five deliveries', () => order.length === 5);
      expect(order).toEqual(['seq.1', 'seq.2', 'seq.3', 'seq.4', 'seq.5']);
      expect(maxActive).toBe(1);
    });

    it('gives competing consumers of one queue a message each, handled in parallel', async () => {
      const queue = newQueue('competing');
      const creating = await record(queue, ['job.*']);
      await creating.consumer.close();
      await publishAll('job.a', 'job.b');

      // Each handler holds its message until both are being handled at once.
      const holding = new Map<string, string>();
      let release: () => void = () => undefined;
      const released = new Promise<void>((resolve) => (release = resolve));
      const worker = (name: string): Subscription => ({
        queue,
        patterns: ['job.*'],
        handler: async (e) => {
          holding.set(name, e.type);
          await released;
        },
      });
      await sut.subscribe(worker('first'));
      await sut.subscribe(worker('second'));
      await waitFor('both consumers holding a message', () => holding.size === 2);
      release();
      expect([...holding.values()].sort()).toEqual(['job.a', 'job.b']);
    });

    it('retries a failing handler after retryDelayMs until it succeeds', async () => {
      const queue = newQueue('retry');
      const seen: Array<{ id: string; attempt: number; at: number }> = [];
      let succeeded = false;
      await sut.subscribe({
        queue,
        patterns: ['analysis.requested'],
        maxAttempts: 5,
        retryDelayMs: 100,
        handler: async (e, info) => {
          seen.push({ id: e.id, attempt: info.attempt, at: Date.now() });
          if (info.attempt < 3) throw new Error(`transient failure ${info.attempt}`);
          succeeded = true;
        },
      });
      const published = event('analysis.requested');
      await sut.publish(published);
      await waitFor('the third attempt to succeed', () => succeeded);

      expect(seen.map((s) => s.attempt)).toEqual([1, 2, 3]);
      expect(seen.every((s) => s.id === published.id)).toBe(true);
      const [one, two, three] = seen;
      expect(two!.at - one!.at).toBeGreaterThanOrEqual(90);
      expect(three!.at - two!.at).toBeGreaterThanOrEqual(90);
      expect(await sut.deadLetters(queue)).toEqual([]);
    });

    it('moves a message to the dead-letter queue after maxAttempts deliveries', async () => {
      const queue = newQueue('dlq');
      const attempts: number[] = [];
      await sut.subscribe({
        queue,
        patterns: ['payment.confirmed'],
        maxAttempts: 3,
        retryDelayMs: 20,
        handler: async (_e, info) => {
          attempts.push(info.attempt);
          throw new Error('permanent failure');
        },
      });
      const published = event('payment.confirmed', { amount: 1999, currency: 'HKD' });
      await sut.publish(published);

      const dead = await waitFor('a dead letter', async () => {
        const letters = await sut.deadLetters(queue);
        return letters.length > 0 && letters;
      });
      expect(dead).toEqual([published]);
      expect(attempts).toEqual([1, 2, 3]);
      // Reading the dead letters does not consume them.
      expect(await sut.deadLetters(queue)).toEqual([published]);
    });

    it('delivers the envelope unchanged', async () => {
      const queue = await record(newQueue('envelope'), ['credit.granted']);
      const published: EventEnvelope = {
        id: randomUUID(),
        type: 'credit.granted',
        version: 3,
        occurredAt: '2024-02-29T15:04:05.123Z',
        traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
        data: { userId: randomUUID(), credits: 50, reason: '月費 renewal ✓', tags: ['a', 'b'], nested: { ok: true, none: null } },
      };
      await sut.publish(published);
      await queue.until('credit.granted');
      expect(queue.received).toEqual([published]);
    });
  });
}

import { randomUUID } from 'node:crypto';
import { testInfra, uniqueName } from '../testing';
import { createAmqpBus } from './amqp';
import { replayDeadLetters } from './dead-letters';
import { deleteAmqpTopology, waitFor } from './test-helpers';
import type { EventBus, EventEnvelope } from './types';

const event = (n: number): EventEnvelope => ({
  id: randomUUID(),
  type: 'user.registered',
  version: 1,
  occurredAt: new Date().toISOString(),
  data: { n },
});

/** The runbook's step: events that failed every attempt are replayed once the cause is fixed. */
describe('replaying a dead-letter queue on RabbitMQ', () => {
  const run = uniqueName('dlq');
  const exchange = `${run}.events`;
  const queue = 'replay-test';
  let bus: EventBus;
  let amqpUrl: string;

  beforeAll(async () => {
    ({ amqpUrl } = await testInfra());
    bus = await createAmqpBus(amqpUrl, { exchange, queuePrefix: `${run}.`, logger: { warn: () => undefined, error: () => undefined } });
  });

  afterAll(async () => {
    await bus.close();
    await deleteAmqpTopology(amqpUrl, exchange, [`${run}.${queue}`]);
  });

  it('moves every dead letter back to its queue, where the fixed consumer handles it once, with a fresh retry budget', async () => {
    let broken = true;
    const handled: number[] = [];
    const consumer = await bus.subscribe({
      queue,
      patterns: ['user.registered'],
      maxAttempts: 2,
      retryDelayMs: 50,
      handler: async (e) => {
        if (broken) throw new Error('downstream was down');
        handled.push((e.data as { n: number }).n);
      },
    });
    for (const n of [1, 2, 3]) await bus.publish(event(n));
    await waitFor('three dead letters', async () => (await bus.deadLetters(queue)).length === 3, 20_000);

    broken = false;
    expect(await replayDeadLetters(amqpUrl, `${run}.${queue}`, { limit: 1 })).toBe(1);
    await waitFor('the first replayed event handled', async () => handled.length === 1);
    expect(await replayDeadLetters(amqpUrl, `${run}.${queue}`)).toBe(2);
    await waitFor('every replayed event handled', async () => handled.length === 3);
    expect(handled.sort()).toEqual([1, 2, 3]);
    expect(await bus.deadLetters(queue)).toEqual([]);
    expect(await replayDeadLetters(amqpUrl, `${run}.${queue}`)).toBe(0);
    await consumer.close();
  });

  it('refuses a queue that does not exist rather than creating one', async () => {
    await expect(replayDeadLetters(amqpUrl, `${run}.no-such-queue`)).rejects.toThrow(/NOT_FOUND|404/);
  });
});

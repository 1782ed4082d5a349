import { randomUUID } from 'node:crypto';
import { connect } from 'amqplib';
import { createPgliteDatabase } from '../db/pglite';
import type { Database } from '../db/types';
import type { EventEnvelope } from './types';
import { createTestDatabase } from '../testing/infra';

type Truthy<T> = Exclude<T, false | 0 | '' | null | undefined>;

/**
 * Polls `probe` until it returns something truthy and returns that; fails after
 * `timeoutMs` naming `what` was awaited. Tests wait for conditions, never for time.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 10_000): Promise<Truthy<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value as Truthy<T>;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Deletes a test's exchange (when given) and each queue with its `.retry` and `.dlq` companions. */
export async function deleteAmqpTopology(url: string, exchange: string | undefined, queues: string[]): Promise<void> {
  const connection = await connect(url);
  try {
    const channel = await connection.createChannel();
    for (const queue of queues) {
      for (const name of [queue, `${queue}.retry`, `${queue}.dlq`]) await channel.deleteQueue(name);
    }
    if (exchange) await channel.deleteExchange(exchange);
  } finally {
    await connection.close();
  }
}

/** The two databases the outbox and inbox must work on, each new and empty. */
export const testDatabases: Array<[string, () => Promise<{ db: Database; drop(): Promise<void> }>]> = [
  [
    'PGlite',
    async () => {
      const db = await createPgliteDatabase();
      return { db, drop: () => db.close() };
    },
  ],
  ['PostgreSQL', () => createTestDatabase()],
];

/** A new event of `type` with a fresh id. */
export const testEvent = (type: string, data: unknown = {}): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  data,
});

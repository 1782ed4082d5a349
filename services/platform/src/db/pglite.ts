import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './types';

/**
 * What a PGlite session offers the adapter: statements with parameters (`begin`: open a
 * transaction first, and run the statement only if that worked), plain SQL, closing.
 */
export interface PgliteSession {
  /**
   * True when the session runs calls in the order they were made, each before the next starts,
   * whether or not the caller waited for the earlier ones: a database thread's message queue.
   */
  readonly ordered?: boolean;
  query<T = Record<string, unknown>>(
    sql: string,
    params?: unknown[],
    options?: { begin?: boolean },
  ): Promise<{ rows: T[]; rowCount: number }>;
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * Embedded PostgreSQL (PGlite, WebAssembly) on this thread. See `pglite-thread.ts` for the same
 * database on a thread of its own (the all-in-one's services).
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;
  return sessionDatabase({
    async query<T>(sql: string, params?: unknown[], options?: { begin?: boolean }) {
      if (options?.begin) await pg.exec('BEGIN');
      const result = await pg.query<T>(sql, params as unknown[]);
      // affectedRows is 0 for a SELECT; rowCount counts the rows returned or changed, as pg's does.
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },
    exec: async (sql) => void (await pg.exec(sql)),
    close: () => pg.close(),
  });
}

/**
 * A PGlite session as a `Database`. PGlite is a single session, so every call goes through one
 * queue: a transaction holds the queue until it commits or rolls back, which keeps other
 * callers' statements out of it.
 *
 * On an ordered session (a database thread), a statement outside a transaction is sent at once
 * when no transaction is waiting or open, without waiting for the answers to the statements
 * sent before it: the thread runs them in order, each alone, so the thread has the next one to
 * hand instead of idling until this thread reads an answer and sends it. A transaction still
 * waits its turn, and what is sent while one waits or runs queues behind it.
 */
export function sessionDatabase(session: PgliteSession): Database {
  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  };
  /** Transactions queued or open: while there is one, statements queue behind it. */
  let transactions = 0;

  const direct: Queryable = { query: (sql, params) => session.query(sql, params) };
  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    query: (sql, params) =>
      session.ordered && transactions === 0 && !closing ? direct.query(sql, params) : exclusive(() => direct.query(sql, params)),
    /**
     * BEGIN goes with the transaction's first statement (one message to a database thread, not
     * two): a transaction holds the session from its BEGIN to its COMMIT, each of its statements
     * a round trip, so one fewer is less time every other caller waits.
     */
    transaction: (fn) => {
      transactions++;
      return exclusive(async () => {
        let begun = false;
        const tx: Queryable = {
          query: (sql, params) => {
            const begin = !begun;
            begun = true;
            return session.query(sql, params, { begin });
          },
        };
        try {
          const value = await fn(tx);
          if (begun) await session.exec('COMMIT');
          return value;
        } catch (err) {
          if (begun) await session.exec('ROLLBACK').catch(() => undefined);
          throw err;
        } finally {
          transactions--;
        }
      });
    },
    ping: () => exclusive(async () => void (await session.query('SELECT 1'))),
    close: () => (closing ??= exclusive(() => session.close())),
  };
}

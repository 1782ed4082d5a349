import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './types';

/**
 * Embedded PostgreSQL (PGlite, WebAssembly). PGlite is a single session, so every call goes
 * through one queue: a transaction holds the queue until it commits or rolls back, which
 * keeps other callers' statements out of it.
 */
export async function createPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const pg = new PGlite(dataDir);
  await pg.waitReady;

  let tail: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(work: () => Promise<T>): Promise<T> => {
    const next = tail.then(work, work);
    tail = next.catch(() => undefined);
    return next;
  };

  const direct: Queryable = {
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pg.query<T>(sql, params as unknown[]);
      // affectedRows is 0 for a SELECT; rowCount counts the rows returned or changed, as pg's does.
      return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
    },
  };

  let closing: Promise<void> | undefined;
  return {
    kind: 'pglite',
    query: (sql, params) => exclusive(() => direct.query(sql, params)),
    transaction: (fn) =>
      exclusive(async () => {
        await pg.exec('BEGIN');
        try {
          const value = await fn(direct);
          await pg.exec('COMMIT');
          return value;
        } catch (err) {
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw err;
        }
      }),
    ping: () => exclusive(async () => void (await pg.query('SELECT 1'))),
    close: () => (closing ??= exclusive(() => pg.close())),
  };
}

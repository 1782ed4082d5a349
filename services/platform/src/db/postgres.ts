import { Pool, type PoolConfig } from 'pg';
import type { Database, Queryable, QueryResult } from './types';

export function createPostgresDatabase(connectionString: string, options: PoolConfig = {}): Database {
  const pool = new Pool({ connectionString, max: 10, ...options });
  // An idle client that loses its connection emits 'error' on the pool; without a listener
  // that would crash the process. The next query gets a fresh connection.
  pool.on('error', () => undefined);

  const run = async <T>(q: Queryable['query'], sql: string, params?: unknown[]) => (await q(sql, params)) as QueryResult<T>;

  let closing: Promise<void> | undefined;
  return {
    kind: 'postgres',
    async query<T>(sql: string, params?: unknown[]) {
      const result = await pool.query(sql, params as unknown[]);
      return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
    },
    async transaction(fn) {
      const client = await pool.connect();
      const tx: Queryable = {
        async query<T>(sql: string, params?: unknown[]) {
          const result = await client.query(sql, params as unknown[]);
          return { rows: result.rows as T[], rowCount: result.rowCount ?? 0 };
        },
      };
      try {
        await client.query('BEGIN');
        const value = await fn(tx);
        await client.query('COMMIT');
        return value;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async ping() {
      await run(pool.query.bind(pool) as Queryable['query'], 'SELECT 1');
    },
    close() {
      closing ??= pool.end();
      return closing;
    },
  };
}

/**
 * Creates `name` on the server of `adminUrl` when it does not exist yet and returns the URL
 * of the new database. Lets one DATABASE_URL give every service a database of its own.
 */
export async function ensurePostgresDatabase(adminUrl: string, name: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`invalid database name: ${name}`);
  const pool = new Pool({ connectionString: adminUrl, max: 1 });
  try {
    const { rowCount } = await pool.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (!rowCount) {
      await pool.query(`CREATE DATABASE ${name}`).catch((err: { code?: string }) => {
        // Two processes may race to create it: 42P04 (duplicate_database) means the other won.
        if (err.code !== '42P04' && err.code !== '23505') throw err;
      });
    }
  } finally {
    await pool.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

import { mkdirSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { type PgliteSession, sessionDatabase } from './pglite';
import type { Database } from './types';

/**
 * The thread's program, plain CommonJS run with `eval`: no file to find or to bundle, and no
 * TypeScript loader needed (tsx, jest's SWC and the esbuild bundles each load TypeScript
 * differently; a worker started from a .ts file would need all three). It runs one PGlite and
 * answers each message `{ id, op, sql, params, begin }`, one at a time in order, with
 * `{ id, value }` or `{ id, error }`.
 *
 * A statement is one call into PGlite's backend: Parse, Bind, Describe, Execute and Sync (and
 * the BEGIN it opens, if any) written as one buffer, where `PGlite.query` makes six calls (it
 * describes the statement to learn its parameters' types, then sends each message alone). The
 * types are learnt once per statement text, by the same Describe, and the values serialised as
 * `query` serialises them; the rows are parsed by PGlite's own `parseResults`. A SELECT by
 * primary key costs about two thirds of the CPU it did (ADR 60). A statement that is not a data
 * command (DDL, as migrations send it) forgets the types learnt, since it may change them.
 */
const THREAD_PROGRAM = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite, parse, protocol } = require(workerData.pgliteModule);
const { serialize } = protocol;
const errorOf = (err) => {
  const fields = { message: String((err && err.message) || err) };
  for (const [key, value] of Object.entries(err || {}))
    if (['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  return fields;
};
(async () => {
  let pg;
  try {
    pg = new PGlite(workerData.dataDir);
    await pg.waitReady;
  } catch (err) {
    parentPort.postMessage({ id: 0, error: errorOf(err) });
    return;
  }
  const TRANSACTION_CONTROL = new Set(['BEGIN', 'COMMIT', 'ROLLBACK']);
  const DATA_COMMANDS = new Set(['SELECT', 'INSERT', 'UPDATE', 'DELETE', 'MERGE']);
  // Each statement text's parameter types (OIDs), as PostgreSQL infers them.
  const parameterTypes = new Map();
  const typesOf = async (sql) => {
    let types = parameterTypes.get(sql);
    if (!types) {
      types = (await pg.describeQuery(sql)).queryParams.map((param) => param.dataTypeID);
      // Statement texts come from the code, so they are few; a bound keeps a mistake from growing.
      if (parameterTypes.size >= 2000) parameterTypes.clear();
      parameterTypes.set(sql, types);
    }
    return types;
  };
  const statement = async (sql, params = [], begin) => {
    const types = await typesOf(sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pg.serializers[types[i]];
      return serializer ? serializer(value) : value.toString();
    });
    const messages = [
      serialize.parse({ text: sql }),
      serialize.bind({ values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ];
    if (begin) messages.unshift(serialize.query('BEGIN'));
    let replies;
    try {
      replies = (await pg.execProtocol(Buffer.concat(messages), { syncToFs: false })).messages;
    } catch (err) {
      if (err && typeof err === 'object') err.query = sql;
      throw err;
    }
    await pg.syncToFs();
    // One result per command completed: BEGIN's first when it was sent, the statement's last.
    const result = parse.parseResults(replies, pg.parsers).at(-1) ?? { rows: [], rowCount: 0 };
    // DDL sent as a statement (CREATE, ALTER, DROP …) may change the types of statements learnt.
    if (!DATA_COMMANDS.has(result.command)) parameterTypes.clear();
    return { rows: result.rows, rowCount: result.rowCount ?? result.affectedRows ?? 0 };
  };
  const handle = async ({ id, op, sql, params, begin }) => {
    try {
      let value;
      if (op === 'query') value = await statement(sql, params, begin);
      else if (op === 'exec' && TRANSACTION_CONTROL.has(sql)) {
        await pg.execProtocol(serialize.query(sql), { syncToFs: false });
        await pg.syncToFs();
      } else if (op === 'exec') {
        parameterTypes.clear();
        await pg.exec(sql);
      } else if (op === 'close') await pg.close();
      parentPort.postMessage({ id, value });
    } catch (err) {
      parentPort.postMessage({ id, error: errorOf(err) });
    }
  };
  // One message at a time, in the order sent: a statement sent with begin runs in the
  // transaction it opens, before anything sent after it.
  let chain = Promise.resolve();
  parentPort.on('message', (message) => {
    chain = chain.then(() => handle(message));
  });
  parentPort.postMessage({ id: 0 });
})();
`;

interface Reply {
  id: number;
  value?: unknown;
  error?: { message: string } & Record<string, unknown>;
}

/**
 * Embedded PostgreSQL (PGlite) on a worker thread of its own. PGlite runs its statements in
 * WebAssembly on the calling thread: in the all-in-one, five databases, five services and the
 * gateway then shared one JavaScript thread, and a CPU profile of 200 analyses started at once
 * found half of that thread's time in PGlite. Here the statements run on their own thread (a
 * second core when there is one) and this thread only posts them and reads the rows; the
 * session rules are those of `createPgliteDatabase` (one queue, a transaction holds it).
 *
 * Rows cross by structured clone (Date, objects, Uint8Array and bigint survive); an error
 * comes back as an Error carrying PostgreSQL's fields (`code`, `constraint`, …). The thread
 * keeps the process alive only while a statement is pending, as a socket would.
 */
export async function createThreadedPgliteDatabase(dataDir?: string): Promise<Database> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const worker = new Worker(THREAD_PROGRAM, {
    eval: true,
    workerData: { dataDir, pgliteModule: require.resolve('@electric-sql/pglite') },
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  let nextId = 1;
  let stopped: Error | undefined;

  const ready = new Promise<void>((resolve, reject) => pending.set(0, { resolve: () => resolve(), reject }));
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (pending.size === 0) worker.unref();
    if (reply.error) call.reject(Object.assign(new Error(reply.error.message), reply.error));
    else call.resolve(reply.value);
  });
  const stop = (err: Error) => {
    stopped ??= err;
    for (const call of pending.values()) call.reject(stopped);
    pending.clear();
  };
  worker.on('error', stop);
  worker.on('exit', (code) => stop(new Error(`the database thread stopped (exit code ${code})`)));

  const call = (op: 'query' | 'exec' | 'close', sql?: string, params?: unknown[], begin?: boolean) =>
    new Promise<unknown>((resolve, reject) => {
      if (stopped) return reject(stopped);
      const id = nextId++;
      pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, op, sql, params, begin });
    });

  try {
    await ready;
  } catch (err) {
    await worker.terminate();
    throw err;
  }
  worker.unref();

  const session: PgliteSession = {
    ordered: true,
    query: async <T>(sql: string, params?: unknown[], options?: { begin?: boolean }) =>
      (await call('query', sql, params, options?.begin)) as { rows: T[]; rowCount: number },
    exec: async (sql) => void (await call('exec', sql)),
    async close() {
      await call('close');
      await worker.terminate();
    },
  };
  return sessionDatabase(session);
}

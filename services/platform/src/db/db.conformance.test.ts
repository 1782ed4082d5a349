import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase } from '../testing';
import { migrate, splitStatements } from './migrate';
import { createPgliteDatabase } from './pglite';
import { createThreadedPgliteDatabase } from './pglite-thread';
import { createPostgresDatabase } from './postgres';
import type { Database } from './types';

/** A database for one suite or test, and how to dispose of it. */
interface Opened {
  db: Database;
  dispose(): Promise<void>;
}

const tempDirs: string[] = [];
const tempDir = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

/** A directory of migration files: name → SQL. */
function migrations(files: Record<string, string>): string {
  const dir = tempDir('migrations-');
  for (const [name, sql] of Object.entries(files)) writeFileSync(path.join(dir, name), sql);
  return dir;
}

/**
 * Migrations that create and seed `table`, their names starting with the usual sequence
 * number. Written out of name order on purpose: 0002 needs the table of 0001.
 */
function accountsMigrations(table: string): Record<string, string> {
  return {
    [`0002_${table}_seed.sql`]: `INSERT INTO ${table} (name, balance) VALUES ('house', 100);\n`,
    [`0001_${table}.sql`]: `CREATE TABLE ${table} (name text PRIMARY KEY, balance integer NOT NULL);\n`,
    [`0010_${table}_history.sql`]: `ALTER TABLE ${table} ADD COLUMN updated_at timestamptz;\n`,
    'README.md': 'not a migration',
  };
}
const accountsApplied = (table: string) => [`0001_${table}.sql`, `0002_${table}_seed.sql`, `0010_${table}_history.sql`];

/** PGlite runs initdb for every new database: seconds, more on a busy machine. */
const PGLITE_START_TIMEOUT_MS = 60_000;

function describeDatabaseConformance(name: string, open: () => Promise<Opened>) {
  describe(`Database conformance: ${name}`, () => {
    let opened: Opened;
    let sut: Database;
    let tableNumber = 0;
    /** A table name of its own for each test, since the tests share one database. */
    const table = () => `t${++tableNumber}`;

    beforeAll(async () => {
      opened = await open();
      sut = opened.db;
    }, PGLITE_START_TIMEOUT_MS);

    afterAll(() => opened.dispose());

    it('answers ping', async () => {
      await expect(sut.ping()).resolves.toBeUndefined();
    });

    it('runs a query with positional parameters', async () => {
      const { rows } = await sut.query<{ sum: number; label: string; nothing: null }>(
        'SELECT $1::int + $2::int AS sum, $3::text AS label, $4::text AS nothing',
        [2, 3, '騰訊 0700.HK', null],
      );
      expect(rows).toEqual([{ sum: 5, label: '騰訊 0700.HK', nothing: null }]);
    });

    it('counts the rows a statement returned or changed', async () => {
      const t = table();
      expect((await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY, n int)`)).rowCount).toBe(0);
      expect((await sut.query(`INSERT INTO ${t} VALUES (1, 0), (2, 0), (3, 1)`)).rowCount).toBe(3);
      expect((await sut.query(`UPDATE ${t} SET n = n + 1 WHERE n = $1`, [0])).rowCount).toBe(2);
      expect((await sut.query(`DELETE FROM ${t} WHERE id = $1`, [3])).rowCount).toBe(1);
      expect((await sut.query(`DELETE FROM ${t} WHERE id = $1`, [3])).rowCount).toBe(0);
      const selected = await sut.query(`SELECT * FROM ${t} ORDER BY id`);
      expect(selected.rows).toEqual([
        { id: 1, n: 1 },
        { id: 2, n: 1 },
      ]);
      expect(selected.rowCount).toBe(2);
      expect((await sut.query(`INSERT INTO ${t} VALUES (4, 4) RETURNING id`)).rowCount).toBe(1);
    });

    it('commits a transaction and returns its value', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const value = await sut.transaction(async (tx) => {
        await tx.query(`INSERT INTO ${t} VALUES (1)`);
        await tx.query(`INSERT INTO ${t} VALUES (2)`);
        return (await tx.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${t}`)).rows[0]?.n;
      });
      expect(value).toBe(2);
      expect((await sut.query(`SELECT id FROM ${t} ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 2 }]);
    });

    it('rolls back a transaction when its function throws, and rethrows', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const failure = new Error('insufficient credits');
      await expect(
        sut.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
          throw failure;
        }),
      ).rejects.toBe(failure);
      expect((await sut.query(`SELECT id FROM ${t}`)).rows).toEqual([]);
    });

    it('rolls back on a failing statement and stays usable afterwards', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      await expect(
        sut.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
          await tx.query(`INSERT INTO ${t} VALUES (1)`);
        }),
      ).rejects.toMatchObject({ code: '23505' });
      await sut.transaction((tx) => tx.query(`INSERT INTO ${t} VALUES (2)`));
      expect((await sut.query(`SELECT id FROM ${t}`)).rows).toEqual([{ id: 2 }]);
    });

    it('rolls back when the first statement fails, and runs a transaction with no statement as nothing', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      await expect(sut.transaction((tx) => tx.query(`INSERT INTO ${t} VALUES ('not a number')`))).rejects.toMatchObject({ code: '22P02' });
      expect(await sut.transaction(async () => 'nothing to do')).toBe('nothing to do');
      // Neither left a transaction open: a statement outside one commits on its own.
      await sut.query(`INSERT INTO ${t} VALUES (3)`);
      await expect(sut.transaction(async () => Promise.reject(new Error('gave up')))).rejects.toThrow('gave up');
      expect((await sut.query(`SELECT id FROM ${t}`)).rows).toEqual([{ id: 3 }]);
    });

    it('keeps statements sent at once inside their transaction', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      await expect(
        sut.transaction(async (tx) => {
          await Promise.all([1, 2, 3].map((id) => tx.query(`INSERT INTO ${t} VALUES ($1)`, [id])));
          throw new Error('undo all three');
        }),
      ).rejects.toThrow('undo all three');
      expect((await sut.query(`SELECT id FROM ${t}`)).rows).toEqual([]);
    });

    it('keeps statements sent from outside out of an open transaction', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      let outside: Array<Promise<unknown>> = [];
      await expect(
        sut.transaction(async (tx) => {
          await tx.query(`INSERT INTO ${t} VALUES (0)`);
          outside = [1, 2, 3].map((id) => sut.query(`INSERT INTO ${t} VALUES ($1)`, [id]));
          // More of the transaction's statements after those were sent, then a rollback: any of
          // them run inside the transaction would be undone with it.
          await tx.query('SELECT 1');
          await tx.query(`SELECT count(*) FROM ${t}`);
          throw new Error('undo the transaction only');
        }),
      ).rejects.toThrow('undo the transaction only');
      await Promise.all(outside);
      expect((await sut.query(`SELECT id FROM ${t} ORDER BY id`)).rows).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }]);
    });

    it('answers statements sent at once each on its own, a failing one with its error', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY)`);
      const ids = [1, 2, 3, 2, 4, 5];
      const results = await Promise.allSettled(ids.map((id) => sut.query(`INSERT INTO ${t} VALUES ($1) RETURNING id`, [id])));
      expect(results.filter((r) => r.status === 'rejected')).toEqual([
        { status: 'rejected', reason: expect.objectContaining({ code: '23505' }) },
      ]);
      expect((await sut.query(`SELECT id FROM ${t} ORDER BY id`)).rows).toEqual([1, 2, 3, 4, 5].map((id) => ({ id })));
    });

    it('loses no update when transactions read-modify-write a locked row in parallel', async () => {
      const t = table();
      await sut.query(`CREATE TABLE ${t} (id int PRIMARY KEY, value int NOT NULL)`);
      await sut.query(`INSERT INTO ${t} VALUES (1, 0)`);
      const worker = async () => {
        for (let i = 0; i < 50; i++) {
          await sut.transaction(async (tx) => {
            const { rows } = await tx.query<{ value: number }>(`SELECT value FROM ${t} WHERE id = 1 FOR UPDATE`);
            await tx.query(`UPDATE ${t} SET value = $1 WHERE id = 1`, [rows[0]!.value + 1]);
          });
        }
      };
      await Promise.all([worker(), worker()]);
      expect((await sut.query(`SELECT value FROM ${t}`)).rows).toEqual([{ value: 100 }]);
    });

    // The migrations of each test create tables and files named after the test's own table,
    // so the tests can share the suite's database and its schema_migrations.
    describe('migrate', () => {
      it('applies the .sql files once each, in name order', async () => {
        const t = table();
        expect(await migrate(sut, migrations(accountsMigrations(t)))).toEqual(accountsApplied(t));
        expect((await sut.query(`SELECT name, balance, updated_at FROM ${t}`)).rows).toEqual([
          { name: 'house', balance: 100, updated_at: null },
        ]);
        const { rows } = await sut.query('SELECT name FROM schema_migrations WHERE name LIKE $1 ORDER BY name', [`%${t}%`]);
        expect(rows.map((row) => row.name)).toEqual(accountsApplied(t));
      });

      it('applies nothing again on a re-run, and only new files later', async () => {
        const t = table();
        const dir = migrations(accountsMigrations(t));
        await migrate(sut, dir);
        expect(await migrate(sut, dir)).toEqual([]);
        writeFileSync(path.join(dir, `0011_${t}_fees.sql`), `INSERT INTO ${t} (name, balance) VALUES ('fees', 0);`);
        expect(await migrate(sut, dir)).toEqual([`0011_${t}_fees.sql`]);
        expect(await migrate(sut, dir)).toEqual([]);
        expect((await sut.query(`SELECT name FROM ${t} ORDER BY name`)).rows).toEqual([{ name: 'fees' }, { name: 'house' }]);
      });

      it('applies none of a run when one of its files fails', async () => {
        const t = table();
        const broken = `0003_${t}_broken.sql`;
        const dir = migrations({ ...accountsMigrations(t), [broken]: 'ALTER TABLE missing ADD COLUMN x int;' });
        await expect(migrate(sut, dir)).rejects.toMatchObject({ code: '42P01' });
        expect((await sut.query('SELECT to_regclass($1) AS found', [t])).rows).toEqual([{ found: null }]);
        rmSync(path.join(dir, broken));
        expect(await migrate(sut, dir)).toEqual(accountsApplied(t));
      });

      it('applies each file once when two migrate calls run at the same time', async () => {
        const t = table();
        const dir = migrations(accountsMigrations(t));
        const [a, b] = await Promise.all([migrate(sut, dir), migrate(sut, dir)]);
        expect([...a!, ...b!].sort()).toEqual(accountsApplied(t));
        expect((await sut.query(`SELECT count(*)::int AS n FROM ${t}`)).rows).toEqual([{ n: 1 }]);
      });

      it('runs functions with semicolons in their bodies, and comments, as written', async () => {
        const dir = migrations({
          '0001_ledger.sql': `
-- Ledger; append-only.
CREATE TABLE ledger (id serial PRIMARY KEY, amount integer NOT NULL, note text); -- one row per change
CREATE FUNCTION ledger_total() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE total integer;
BEGIN
  SELECT coalesce(sum(amount), 0) INTO total FROM ledger;
  RETURN total;
END;
$$;
CREATE FUNCTION ledger_note(n integer) RETURNS text LANGUAGE plpgsql AS $body$
BEGIN
  RETURN 'entry; #' || n || ' costs $$';
END;
$body$;
/* two statements on one line; both run */
INSERT INTO ledger (amount, note) VALUES (5, 'a;b'); INSERT INTO ledger (amount, note) VALUES (7, 'it''s; fine');
`,
        });
        expect(await migrate(sut, dir)).toEqual(['0001_ledger.sql']);
        const { rows } = await sut.query('SELECT ledger_total() AS total, ledger_note(2) AS note');
        expect(rows).toEqual([{ total: 12, note: 'entry; #2 costs $$' }]);
        expect((await sut.query('SELECT note FROM ledger ORDER BY id')).rows).toEqual([{ note: 'a;b' }, { note: "it's; fine" }]);
      });
    });

    // Last, since it closes the suite's database (starting another PGlite costs seconds).
    it('closes once however often close is called, and rejects queries afterwards', async () => {
      await Promise.all([sut.close(), sut.close()]);
      await expect(sut.close()).resolves.toBeUndefined();
      await expect(sut.query('SELECT 1')).rejects.toThrow();
    });
  });
}

describeDatabaseConformance('PostgreSQL', async () => {
  const { db, drop } = await createTestDatabase();
  return { db, dispose: drop };
});

describeDatabaseConformance('PGlite in memory', async () => {
  const db = await createPgliteDatabase();
  return { db, dispose: () => db.close() };
});

describeDatabaseConformance('PGlite in a directory', async () => {
  const db = await createPgliteDatabase(tempDir('pglite-'));
  return { db, dispose: () => db.close() };
});

describeDatabaseConformance('PGlite on a thread of its own, in a directory', async () => {
  const db = await createThreadedPgliteDatabase(tempDir('pglite-thread-'));
  return { db, dispose: () => db.close() };
});

describe('PostgreSQL', () => {
  it('applies each file once when two processes migrate the same database at once', async () => {
    const { url, drop } = await createTestDatabase();
    const processes = [createPostgresDatabase(url), createPostgresDatabase(url), createPostgresDatabase(url)];
    try {
      const results = await Promise.all(processes.map((db) => migrate(db, migrations(accountsMigrations('accounts')))));
      expect(results.flat().sort()).toEqual(accountsApplied('accounts'));
      expect(results.filter((applied) => applied.length > 0)).toHaveLength(1);
      expect((await processes[0]!.query('SELECT count(*)::int AS n FROM accounts')).rows).toEqual([{ n: 1 }]);
    } finally {
      await Promise.all(processes.map((db) => db.close()));
      await drop();
    }
  });
});

describe('PGlite', () => {
  it(
    'gives the same rows and errors on a thread of its own as on this one (dates, jsonb, bytes, numbers)',
    async () => {
      const sql = `SELECT $1::timestamptz AS at, $2::jsonb AS doc, '\\x0102ff'::bytea AS bytes, 9007199254740993::int8 AS big,
                          12.50::numeric AS price, ARRAY[1, 2]::int[] AS list, NULL::text AS nothing`;
      const params = ['2026-11-25T10:00:00.000Z', JSON.stringify({ a: [1, '騰訊'], b: null })];
      const here = await createPgliteDatabase();
      const threaded = await createThreadedPgliteDatabase();
      try {
        const expected = (await here.query(sql, params)).rows;
        expect(expected[0]).toMatchObject({ at: new Date(params[0]!), doc: { a: [1, '騰訊'], b: null } });
        expect((await threaded.query(sql, params)).rows).toEqual(expected);
        const failing = (db: Database) => db.query('SELECT 1 FROM nowhere').catch((err: unknown) => err);
        const [errorHere, errorThere] = await Promise.all([failing(here), failing(threaded)]);
        expect(errorThere).toBeInstanceOf(Error);
        expect(errorThere).toMatchObject({ message: (errorHere as Error).message, code: '42P01' });
      } finally {
        await Promise.all([here.close(), threaded.close()]);
      }
    },
    PGLITE_START_TIMEOUT_MS,
  );

  it(
    'takes each kind of parameter on a thread of its own as on this one, also after DDL changes its type',
    async () => {
      const here = await createPgliteDatabase();
      const threaded = await createThreadedPgliteDatabase();
      const sql = `SELECT $1::int[] AS ints, $2::text[] AS texts, $3::uuid[] AS ids, $4::jsonb AS doc, $5::json AS plain,
                          $6::timestamptz AS at, $7::boolean AS yes, $8::bytea AS bytes, $9::numeric AS price, $10::int8 AS big,
                          $11::float8 AS ratio, $12::text AS nothing, $13::date AS day`;
      const params = [
        [1, 2, 3],
        ['騰訊', 'a,b', 'say "hi"', ''],
        ['6f1c7b7e-8f1e-4d8e-9c3e-0b1f6f1c7b7e'],
        { a: [1, '騰訊'], b: null, c: { d: true } },
        ['x', 1],
        new Date('2026-11-25T10:00:00.000Z'),
        false,
        new Uint8Array([1, 2, 255]),
        '12.50',
        9007199254740993n,
        0.1,
        null,
        '2026-11-26',
      ];
      try {
        const expected = (await here.query(sql, params)).rows;
        expect(expected[0]).toMatchObject({ ints: [1, 2, 3], doc: params[3], yes: false, big: 9007199254740993n });
        // Twice: the second time with the types learnt the first.
        expect((await threaded.query(sql, params)).rows).toEqual(expected);
        expect((await threaded.query(sql, params)).rows).toEqual(expected);

        // The same statement text after its column changes type.
        for (const db of [here, threaded]) await db.query('CREATE TABLE kinds (id int PRIMARY KEY, v text)');
        const insert = 'INSERT INTO kinds (id, v) VALUES ($1, $2) RETURNING v';
        const value = { x: [1, 2] };
        const answers = async (db: Database) => {
          const asText = (await db.query(insert, [1, 'plain'])).rows;
          await db.query('ALTER TABLE kinds ALTER COLUMN v TYPE jsonb USING to_jsonb(v)');
          const asJson = (await db.query(insert, [2, value])).rows;
          // Inside a transaction, as a migration runs.
          await db.transaction(async (tx) => tx.query('ALTER TABLE kinds ALTER COLUMN v TYPE int[] USING NULL'));
          const asArray = (await db.query(insert, [3, [4, 5]])).rows;
          return [asText, asJson, asArray];
        };
        const expectedKinds = await answers(here);
        expect(expectedKinds).toEqual([[{ v: 'plain' }], [{ v: value }], [{ v: [4, 5] }]]);
        expect(await answers(threaded)).toEqual(expectedKinds);
      } finally {
        await Promise.all([here.close(), threaded.close()]);
      }
    },
    PGLITE_START_TIMEOUT_MS,
  );

  it(
    'keeps transactions from interleaving, even a plain SELECT then UPDATE',
    async () => {
      const sut = await createPgliteDatabase();
      try {
        await sut.query('CREATE TABLE counter (value int NOT NULL)');
        await sut.query('INSERT INTO counter VALUES (0)');
        const worker = async () => {
          for (let i = 0; i < 50; i++) {
            await sut.transaction(async (tx) => {
              const { rows } = await tx.query<{ value: number }>('SELECT value FROM counter');
              await tx.query('UPDATE counter SET value = $1', [rows[0]!.value + 1]);
            });
          }
        };
        await Promise.all([worker(), worker()]);
        expect((await sut.query('SELECT value FROM counter')).rows).toEqual([{ value: 100 }]);
      } finally {
        await sut.close();
      }
    },
    PGLITE_START_TIMEOUT_MS,
  );

  it(
    'keeps its data in a directory across close and reopen',
    async () => {
      const dataDir = tempDir('pglite-reopen-');
      const first = await createPgliteDatabase(dataDir);
      const dir = migrations(accountsMigrations('accounts'));
      await migrate(first, dir);
      await first.transaction((tx) => tx.query("UPDATE accounts SET balance = 250 WHERE name = 'house'"));
      await first.close();

      const reopened = await createPgliteDatabase(dataDir);
      try {
        expect((await reopened.query('SELECT name, balance FROM accounts')).rows).toEqual([{ name: 'house', balance: 250 }]);
        expect(await migrate(reopened, dir)).toEqual([]);
      } finally {
        await reopened.close();
      }
    },
    2 * PGLITE_START_TIMEOUT_MS,
  );
});

describe('splitStatements', () => {
  it('splits at semicolons, including two statements on one line', () => {
    expect(splitStatements('CREATE TABLE a (x int);\nCREATE TABLE b (y int); SELECT 1;\n')).toEqual([
      'CREATE TABLE a (x int)',
      'CREATE TABLE b (y int)',
      'SELECT 1',
    ]);
  });

  it('keeps a $$ body whole, semicolons and all', () => {
    const fn = 'CREATE FUNCTION f() RETURNS void LANGUAGE plpgsql AS $$\nBEGIN\n  PERFORM 1;\n  PERFORM 2;\nEND;\n$$';
    expect(splitStatements(`${fn};\nSELECT f();`)).toEqual([fn, 'SELECT f()']);
  });

  it('keeps a tagged $tag$ body whole, even when it contains $$', () => {
    const fn = "CREATE FUNCTION g() RETURNS text LANGUAGE sql AS $fn$ SELECT 'a;$$;b' $fn$";
    expect(splitStatements(`${fn}; SELECT 2`)).toEqual([fn, 'SELECT 2']);
  });

  it('does not split inside strings or quoted identifiers', () => {
    const sql = `INSERT INTO "odd;name" VALUES ('a;b', 'it''s;', E'x\\';y');\nSELECT 1`;
    expect(splitStatements(sql)).toEqual([`INSERT INTO "odd;name" VALUES ('a;b', 'it''s;', E'x\\';y')`, 'SELECT 1']);
  });

  it('drops comments, whether on their own line, after a statement or inside one', () => {
    const sql = '-- header; with a semicolon\nSELECT 1; -- trailing; comment\n/* block; comment */ SELECT /* inline */ 2;\n-- end';
    expect(splitStatements(sql)).toEqual(['SELECT 1', 'SELECT   2']);
  });

  it('does not take positional parameters or $ in identifiers for dollar quotes', () => {
    expect(splitStatements('SELECT $1, a$b$c FROM t; SELECT $2;')).toEqual(['SELECT $1, a$b$c FROM t', 'SELECT $2']);
  });

  it('returns nothing for an empty or comment-only file', () => {
    expect(splitStatements('')).toEqual([]);
    expect(splitStatements('-- nothing here;\n;\n')).toEqual([]);
  });
});

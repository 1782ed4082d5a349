import { randomUUID } from 'node:crypto';
import { PLATFORM_MIGRATIONS_DIR, migrate } from '../db/migrate';
import type { Database } from '../db/types';
import { handleOnce, handleOnceInOneStatement } from './inbox';
import { testDatabases } from './test-helpers';
import type { EventEnvelope } from './types';

const event = (type = 'user.registered'): EventEnvelope => ({
  id: randomUUID(),
  type,
  version: 1,
  occurredAt: new Date().toISOString(),
  data: { userId: randomUUID() },
});

describe.each(testDatabases)('handleOnce on %s', (_database, createDatabase) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await createDatabase());
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    await db.query('CREATE TABLE grants (event_id uuid NOT NULL, consumer text NOT NULL)');
  });

  afterAll(() => drop());

  beforeEach(async () => {
    await db.query('DELETE FROM inbox');
    await db.query('DELETE FROM grants');
  });

  const info = { attempt: 1, queue: 'billing.user-registered' };
  const grantsFor = async (e: EventEnvelope) =>
    (await db.query<{ consumer: string }>('SELECT consumer FROM grants WHERE event_id = $1 ORDER BY consumer', [e.id])).rows;
  const inboxFor = async (e: EventEnvelope) =>
    (await db.query<{ consumer: string }>('SELECT consumer FROM inbox WHERE event_id = $1 ORDER BY consumer', [e.id])).rows;

  const granting = (consumer: string, calls: { n: number } = { n: 0 }) =>
    handleOnce(db, consumer, async (e, tx) => {
      calls.n++;
      await tx.query('INSERT INTO grants (event_id, consumer) VALUES ($1, $2)', [e.id, consumer]);
    });

  it('runs the handler once when the same event is delivered twice', async () => {
    const calls = { n: 0 };
    const sut = granting('billing', calls);
    const e = event();

    await sut(e, info);
    await sut(structuredClone(e), { ...info, attempt: 2 });

    expect(calls.n).toBe(1);
    expect(await grantsFor(e)).toEqual([{ consumer: 'billing' }]);
    expect(await inboxFor(e)).toEqual([{ consumer: 'billing' }]);
  });

  it('runs the handler once when two deliveries of an event race', async () => {
    const calls = { n: 0 };
    const sut = granting('billing', calls);
    const e = event();

    await Promise.all([sut(e, info), sut(e, info)]);

    expect(calls.n).toBe(1);
    expect(await grantsFor(e)).toEqual([{ consumer: 'billing' }]);
  });

  it('leaves no inbox row when the handler throws, so the retry runs it again', async () => {
    let failing = true;
    const calls = { n: 0 };
    const sut = handleOnce(db, 'billing', async (e, tx) => {
      calls.n++;
      await tx.query('INSERT INTO grants (event_id, consumer) VALUES ($1, $2)', [e.id, 'billing']);
      if (failing) throw new Error('ledger unavailable');
    });
    const e = event();

    await expect(sut(e, info)).rejects.toThrow('ledger unavailable');
    expect(await inboxFor(e)).toEqual([]);
    expect(await grantsFor(e)).toEqual([]);

    failing = false;
    await sut(e, { ...info, attempt: 2 });
    expect(calls.n).toBe(2);
    expect(await inboxFor(e)).toEqual([{ consumer: 'billing' }]);
    expect(await grantsFor(e)).toEqual([{ consumer: 'billing' }]);
  });

  it('keeps consumers apart: each processes the event once', async () => {
    const e = event();
    await granting('billing')(e, info);
    await granting('admin')(e, info);
    await granting('admin')(e, info);

    expect(await grantsFor(e)).toEqual([{ consumer: 'admin' }, { consumer: 'billing' }]);
  });

  describe('in one statement', () => {
    const grantInOne = (consumer: string) =>
      handleOnceInOneStatement(db, consumer, (e) =>
        e.type === 'user.deleted'
          ? undefined
          : { sql: 'INSERT INTO grants (event_id, consumer) SELECT $1::uuid, $2 FROM claimed', params: [e.id, consumer] },
      );

    it('applies the change once when the same event is delivered twice, or twice at once', async () => {
      const sut = grantInOne('admin');
      const e = event();
      await sut(e);
      await sut(structuredClone(e));
      expect(await grantsFor(e)).toEqual([{ consumer: 'admin' }]);
      expect(await inboxFor(e)).toEqual([{ consumer: 'admin' }]);

      const raced = event();
      await Promise.all([sut(raced), sut(raced), sut(raced)]);
      expect(await grantsFor(raced)).toEqual([{ consumer: 'admin' }]);
    });

    it("numbers the claim after the change's parameters, however many it has", async () => {
      const e = event();
      const sut = handleOnceInOneStatement(db, 'admin', (ev) => ({
        sql: "INSERT INTO grants (event_id, consumer) SELECT $1::uuid, 'one-parameter' FROM claimed",
        params: [ev.id],
      }));
      await sut(e);
      expect(await grantsFor(e)).toEqual([{ consumer: 'one-parameter' }]);
      expect(await inboxFor(e)).toEqual([{ consumer: 'admin' }]);
    });

    it('records neither the claim nor the change when the change fails, so the retry applies it', async () => {
      const e = event();
      let failing = true;
      const sut = handleOnceInOneStatement(db, 'admin', (ev) => ({
        sql: `INSERT INTO grants (event_id, consumer) SELECT $1::uuid, $2 FROM claimed WHERE ${failing ? '1 / 0 = 1' : 'true'}`,
        params: [ev.id, 'admin'],
      }));
      await expect(sut(e)).rejects.toThrow(/division by zero/);
      expect(await inboxFor(e)).toEqual([]);
      failing = false;
      await sut(e);
      expect(await grantsFor(e)).toEqual([{ consumer: 'admin' }]);
    });

    it('claims an event that changes nothing, and shares the inbox with handleOnce of the same consumer', async () => {
      const ignored = event('user.deleted');
      await grantInOne('admin')(ignored);
      expect(await inboxFor(ignored)).toEqual([{ consumer: 'admin' }]);

      const e = event();
      await granting('admin')(e, info);
      await grantInOne('admin')(e);
      const other = event();
      await grantInOne('admin')(other);
      await granting('admin')(other, info);
      expect([...(await grantsFor(e)), ...(await grantsFor(other))]).toEqual([{ consumer: 'admin' }, { consumer: 'admin' }]);
    });
  });
});

import { PLATFORM_MIGRATIONS_DIR, migrate } from '../db/migrate';
import type { Database } from '../db/types';
import { createMemoryBus } from './memory';
import { changeWithOutbox, createOutboxRelay, writeOutbox } from './outbox';
import { testDatabases, testEvent, waitFor } from './test-helpers';
import type { BusLogger, EventBus, EventEnvelope } from './types';

const event = testEvent;

const silent: BusLogger = { warn: () => undefined, error: () => undefined };

describe.each(testDatabases)('outbox on %s', (database, createDatabase) => {
  let db: Database;
  let drop: () => Promise<void>;
  let bus: EventBus;
  let received: EventEnvelope[];

  beforeAll(async () => {
    ({ db, drop } = await createDatabase());
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
  });

  afterAll(() => drop());

  beforeEach(async () => {
    await db.query('DELETE FROM outbox');
    bus = createMemoryBus();
    received = [];
    await bus.subscribe({ queue: 'outbox-test', patterns: ['#'], handler: async (e) => void received.push(e) });
  });

  afterEach(() => bus.close());

  const unpublished = async () =>
    (await db.query<{ id: string; attempts: number }>('SELECT id, attempts FROM outbox WHERE published_at IS NULL')).rows;

  it('never publishes an event written in a transaction that rolled back', async () => {
    const rolledBack = event('user.registered');
    const committed = event('user.updated');
    await expect(
      db.transaction(async (tx) => {
        await writeOutbox(tx, rolledBack);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await db.transaction((tx) => writeOutbox(tx, committed));
    const sut = createOutboxRelay({ db, bus });

    expect(await sut.relayOnce()).toBe(1);

    await waitFor('the committed event', () => received.length === 1);
    expect(received).toEqual([committed]);
    expect((await db.query('SELECT id FROM outbox WHERE id = $1', [rolledBack.id])).rows).toEqual([]);
  });

  it('records a change and its event in one statement, the event only when the change returned a row', async () => {
    await db.query('CREATE TABLE IF NOT EXISTS outbox_test_items (id int PRIMARY KEY, state text NOT NULL)');
    await db.query('DELETE FROM outbox_test_items');
    await db.query("INSERT INTO outbox_test_items VALUES (1, 'waiting')");
    const change = (id: number) => ({
      sql: "UPDATE outbox_test_items SET state = 'done' WHERE id = $1 AND state = 'waiting' RETURNING id, state",
      params: [id],
    });
    const done = event('analysis.requested', { id: 1 });
    expect(await changeWithOutbox(db, change(1), done)).toEqual([{ id: 1, state: 'done' }]);
    // Nothing changed the second time (and nothing exists for id 2): no event either.
    expect(await changeWithOutbox(db, change(1), event('analysis.requested', { id: 1 }))).toEqual([]);
    expect(await changeWithOutbox(db, change(2), event('analysis.requested', { id: 2 }))).toEqual([]);
    expect((await unpublished()).map((row) => row.id)).toEqual([done.id]);
    // A change that fails records no event: the one statement is undone whole.
    const failing = { sql: 'INSERT INTO outbox_test_items VALUES ($1, $2) RETURNING id', params: [1, 'duplicate'] };
    await expect(changeWithOutbox(db, failing, event('analysis.requested'))).rejects.toThrow(/duplicate key/);
    expect((await unpublished()).map((row) => row.id)).toEqual([done.id]);
    const sut = createOutboxRelay({ db, bus });
    expect(await sut.relayOnce()).toBe(1);
    await waitFor('the recorded event', () => received.length === 1);
    expect(received).toEqual([done]);
  });

  it('publishes committed events once each, in the order they were written', async () => {
    const written = [
      event('credit.debited', { amount: 1 }),
      event('credit.refunded', { amount: 1 }),
      event('credit.granted', { amount: 5 }),
    ];
    await db.transaction(async (tx) => {
      for (const e of written) await writeOutbox(tx, e);
    });
    const sut = createOutboxRelay({ db, bus });

    expect(await sut.relayOnce()).toBe(3);
    expect(await sut.relayOnce()).toBe(0);

    await waitFor('three events', () => received.length === 3);
    expect(received).toEqual(written);
    const { rows } = await db.query<{ attempts: number; published: boolean }>(
      'SELECT attempts, published_at IS NOT NULL AS published FROM outbox',
    );
    expect(rows).toEqual(written.map(() => ({ attempts: 1, published: true })));
  });

  it('leaves an event whose publish failed for the next round', async () => {
    const e = event('payment.confirmed');
    await db.transaction((tx) => writeOutbox(tx, e));
    let brokerDown = true;
    const flaky: Pick<EventBus, 'publish'> = {
      publish: (published) => (brokerDown ? Promise.reject(new Error('broker unreachable')) : bus.publish(published)),
    };
    const warnings: string[] = [];
    const sut = createOutboxRelay({ db, bus: flaky, logger: { ...silent, warn: (_obj, msg) => void warnings.push(msg ?? '') } });

    expect(await sut.relayOnce()).toBe(0);
    expect(await unpublished()).toEqual([{ id: e.id, attempts: 1 }]);
    expect(warnings).toEqual(['outbox event not published; will retry']);

    brokerDown = false;
    expect(await sut.relayOnce()).toBe(1);
    expect(await unpublished()).toEqual([]);
    await waitFor('the event', () => received.length === 1);
    expect(received).toEqual([e]);
  });

  it('relays in the background once started, at once when kicked, and stop() waits for the round', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let publishing = 0;
    const slow: Pick<EventBus, 'publish'> = {
      publish: async (e) => {
        publishing++;
        await gate;
        await bus.publish(e);
      },
    };
    // A long interval: only start() and kick() can make these rounds happen within the test.
    const sut = createOutboxRelay({ db, bus: slow, intervalMs: 60_000 });
    sut.start();
    const e = event('subscription.started');
    await db.transaction((tx) => writeOutbox(tx, e));
    sut.kick();
    await waitFor('the relay to publish', () => publishing === 1);

    let stopped = false;
    const stopping = sut.stop().then(() => (stopped = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    release();
    await stopping;

    expect(await unpublished()).toEqual([]);
    await waitFor('the event', () => received.length === 1);
    expect(received).toEqual([e]);
  });

  it('gathers the commits kicked within kickGapMs of the last round into one round', async () => {
    let rounds = 0;
    // A round starts with its claim, one UPDATE of outbox … SET claimed_until.
    const counting: Database = {
      ...db,
      query: (sql, params) => {
        if (sql.includes('SET claimed_until = clock_timestamp()')) rounds++;
        return db.query(sql, params);
      },
    };
    // A gap far longer than five small commits take: they all fall inside it, whatever the machine.
    const sut = createOutboxRelay({ db: counting, bus, intervalMs: 60_000, kickGapMs: 2_000 });
    sut.start();
    await waitFor('the first round', () => rounds === 1);
    const written = Array.from({ length: 5 }, (_, i) => event('credit.debited', { i }));
    for (const e of written) {
      await db.transaction((tx) => writeOutbox(tx, e));
      sut.kick();
    }
    await waitFor('five events', () => received.length === 5);
    await sut.stop();

    // One round per kick would have been five (each commit kicked an idle relay).
    expect(rounds).toBe(2);
    expect(received).toEqual(written);
  });

  it("holds no transaction while it publishes: the service's other statements go on meanwhile", async () => {
    const e = event('analysis.requested');
    await db.transaction((tx) => writeOutbox(tx, e));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    let publishing = false;
    const held: Pick<EventBus, 'publish'> = {
      publish: async (published) => {
        publishing = true;
        await gate;
        await bus.publish(published);
      },
    };
    const round = createOutboxRelay({ db, bus: held }).relayOnce();
    await waitFor('the round to publish', () => publishing);
    // On PGlite (one session) this waited for the round's transaction while the bus was called.
    await db.transaction((tx) => tx.query('SELECT 1'));
    expect((await db.query('SELECT count(*)::int AS n FROM outbox WHERE published_at IS NULL')).rows).toEqual([{ n: 1 }]);
    release();
    expect(await round).toBe(1);
    expect(await unpublished()).toEqual([]);
  });

  it("leaves a dead relay's rows alone while its lease holds, then publishes them", async () => {
    const e = event('credit.debited');
    await db.transaction((tx) => writeOutbox(tx, e));
    // A relay that claims and never comes back: its publish never ends.
    const hung: Pick<EventBus, 'publish'> = { publish: () => new Promise<void>(() => undefined) };
    void createOutboxRelay({ db, bus: hung, leaseMs: 300 }).relayOnce();
    const claimed = async () =>
      (await db.query<{ leased: boolean }>('SELECT claimed_until > clock_timestamp() AS leased FROM outbox WHERE id = $1', [e.id])).rows[0]
        ?.leased;
    await waitFor('the claim', async () => (await claimed()) === true);
    const other = createOutboxRelay({ db, bus });
    expect(await other.relayOnce()).toBe(0);
    await waitFor('the lease to run out', async () => (await claimed()) === false);
    expect(await other.relayOnce()).toBe(1);
    await waitFor('the event', () => received.length === 1);
    expect(received).toEqual([e]);
    expect(await unpublished()).toEqual([]);
  });

  it('publishes every event exactly once with two relays running side by side', async () => {
    const written = Array.from({ length: 120 }, (_, i) => event('analysis.requested', { i }));
    await db.transaction(async (tx) => {
      for (const e of written) await writeOutbox(tx, e);
    });
    const publishedBy = { a: 0, b: 0 };
    const counts = new Map<string, number>();
    const countingBus = (relay: 'a' | 'b'): Pick<EventBus, 'publish'> => ({
      publish: async (e) => {
        publishedBy[relay]++;
        counts.set(e.id, (counts.get(e.id) ?? 0) + 1);
        // Yield, so the other relay's round gets to run while this one holds its rows.
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
    const relays = (['a', 'b'] as const).map((name) => createOutboxRelay({ db, bus: countingBus(name), batchSize: 10 }));
    const drain = async (relay: (typeof relays)[number]) => {
      while ((await unpublished()).length > 0) {
        await relay.relayOnce();
        // A turn of the event loop between rounds, as the relay's timer gives it: on PGlite in
        // this thread a round that finds every row claimed resolves without one, and a loop of
        // them would starve the other relay's publishing.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };

    await Promise.all(relays.map(drain));

    expect(counts.size).toBe(written.length);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    if (database === 'PostgreSQL') {
      // On PostgreSQL the two really overlap (SKIP LOCKED); on PGlite a round's claim runs whole.
      expect(publishedBy.a).toBeGreaterThan(0);
      expect(publishedBy.b).toBeGreaterThan(0);
    }
  });
});

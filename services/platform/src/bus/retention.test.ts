import { randomUUID } from 'node:crypto';
import { PLATFORM_MIGRATIONS_DIR, migrate } from '../db/migrate';
import type { Database } from '../db/types';
import { createLogger } from '../logger';
import { pruneEventTables, startEventPruning } from './retention';
import { testDatabases, waitFor } from './test-helpers';

describe.each(testDatabases)('outbox and inbox retention on %s', (_database, createDatabase) => {
  let db: Database;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    ({ db, drop } = await createDatabase());
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
  });

  afterAll(() => drop());

  beforeEach(async () => {
    await db.query('DELETE FROM outbox');
    await db.query('DELETE FROM inbox');
  });

  /** An outbox row created and (unless null) published the given hours ago. */
  const outboxRow = async (createdHoursAgo: number, publishedHoursAgo: number | null) => {
    const id = randomUUID();
    await db.query(
      `INSERT INTO outbox (id, type, payload, created_at, published_at)
       VALUES ($1, 't', '{}', now() - make_interval(hours => $2::int),
               CASE WHEN $3::int IS NULL THEN NULL ELSE now() - make_interval(hours => $3::int) END)`,
      [id, createdHoursAgo, publishedHoursAgo],
    );
    return id;
  };
  const inboxRow = async (processedHoursAgo: number) => {
    const id = randomUUID();
    await db.query("INSERT INTO inbox (consumer, event_id, processed_at) VALUES ('c', $1, now() - make_interval(hours => $2::int))", [
      id,
      processedHoursAgo,
    ]);
    return id;
  };
  const ids = async (table: 'outbox' | 'inbox') =>
    (await db.query<{ id: string }>(`SELECT ${table === 'outbox' ? 'id' : 'event_id'} AS id FROM ${table}`)).rows.map((r) => r.id).sort();

  it('deletes published events and processed ids past their retention, keeps the rest and every unpublished event', async () => {
    await outboxRow(100, 99);
    const recent = await outboxRow(10, 9);
    const stuck = await outboxRow(500, null);
    await inboxRow(30);
    const keptId = await inboxRow(5);

    const deleted = await pruneEventTables(db, { outboxHours: 24, inboxHours: 24 });

    expect(deleted).toEqual({ outbox: 1, inbox: 1 });
    expect(await ids('outbox')).toEqual([recent, stuck].sort());
    expect(await ids('inbox')).toEqual([keptId]);
  });

  it('uses each table its own retention', async () => {
    const published = await outboxRow(50, 48);
    await inboxRow(48);
    expect(await pruneEventTables(db, { outboxHours: 72, inboxHours: 24 })).toEqual({ outbox: 0, inbox: 1 });
    expect(await ids('outbox')).toEqual([published]);
  });

  it('prunes in rounds larger than one batch', async () => {
    await db.query(
      `INSERT INTO inbox (consumer, event_id, processed_at)
       SELECT 'bulk', gen_random_uuid(), now() - interval '3 days' FROM generate_series(1, 5001)`,
    );
    expect(await pruneEventTables(db, { outboxHours: 24, inboxHours: 24 })).toEqual({ outbox: 0, inbox: 5001 });
  });

  it('prunes at start when run on a schedule, and stops cleanly', async () => {
    await outboxRow(100, 99);
    const pruning = startEventPruning(db, { outboxHours: 24, inboxHours: 24 }, createLogger('test', 'silent'));
    await waitFor('the first pruning round', async () => (await ids('outbox')).length === 0);
    await pruning.stop();
  });
});

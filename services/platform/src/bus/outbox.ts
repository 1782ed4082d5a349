import type { Database, Queryable } from '../db/types';
import { countPublishedEvent } from '../metrics/instruments';
import { publishInSpan } from './tracing';
import type { BusLogger, EventBus, EventEnvelope } from './types';

/**
 * The transactional outbox. A service writes its events into `outbox` in the transaction of
 * the change that causes them, so an event exists if and only if the change committed; the
 * relay then publishes them, at least once. The table comes from the platform migration
 * `platform_0001_outbox.sql`, applied to every service's database.
 */
/** Records `event` for publication; call it with the `tx` of the transaction making the change. */
export async function writeOutbox(tx: Queryable, event: EventEnvelope): Promise<void> {
  // clock_timestamp(), not now(): when each was written; the order they go out in is `seq`'s.
  await tx.query('INSERT INTO outbox (id, type, payload, created_at) VALUES ($1, $2, $3::text::jsonb, clock_timestamp())', [
    event.id,
    event.type,
    JSON.stringify(event),
  ]);
}

/**
 * A change and its event in one statement: `change` is an INSERT, UPDATE or DELETE with a
 * RETURNING clause (parameters $1…$n), and `event` is recorded only when it returned a row,
 * through a data-modifying CTE. Both commit together or neither, as with `writeOutbox` in a
 * transaction, but in one round trip: on an embedded database (one session, the statements
 * run on another thread) a transaction holds the session while each of its statements goes
 * back and forth. Returns the change's rows.
 */
export async function changeWithOutbox<T>(db: Queryable, change: { sql: string; params: unknown[] }, event: EventEnvelope): Promise<T[]> {
  const recorded = outboxRecord(event, change.params.length + 1, 'EXISTS (SELECT 1 FROM changed)');
  const { rows } = await db.query<T>(`WITH changed AS (${change.sql}), recorded AS (${recorded.sql}) SELECT * FROM changed`, [
    ...change.params,
    ...recorded.params,
  ]);
  return rows;
}

/**
 * `event`'s outbox row as the body of a data-modifying CTE, written only when `condition` (SQL)
 * holds, for a statement that makes its change in CTEs of its own (`changeWithOutbox` wraps a
 * single change; a change that is itself a WITH cannot be wrapped, since data-modifying CTEs
 * must be at the top level). Its parameters are numbered from `$first`.
 */
export function outboxRecord(event: EventEnvelope, first: number, condition: string): { sql: string; params: unknown[] } {
  return {
    sql: `INSERT INTO outbox (id, type, payload, created_at)
          SELECT $${first}, $${first + 1}, $${first + 2}::text::jsonb, clock_timestamp() WHERE ${condition}`,
    params: [event.id, event.type, JSON.stringify(event)],
  };
}

export interface OutboxRelayOptions {
  db: Database;
  bus: Pick<EventBus, 'publish'>;
  /** Pause between rounds when nobody kicks. Default 1000 ms. */
  intervalMs?: number;
  /** Rows per round. Default 100. */
  batchSize?: number;
  /**
   * The least time between the starts of two kicked rounds. Default 50 ms. An idle relay still
   * relays a kick at once; in a burst of commits (200 analyses started at once in the all-in-one)
   * each round takes what the gap gathered instead of one event per round of four statements.
   */
  kickGapMs?: number;
  /** How long a round's claim on its rows lasts (DEFAULT_OUTBOX_LEASE_MS): keep it well above a round's publishing time. */
  leaseMs?: number;
  logger?: BusLogger;
}

export interface OutboxRelay {
  /** Relays a first round now, then every `intervalMs`. */
  start(): void;
  /** Relays soon: call after committing a transaction that wrote events. */
  kick(): void;
  /** Stops the timer and waits for a round in progress. */
  stop(): Promise<void>;
  /** One round: publishes up to `batchSize` pending events and returns how many went out. */
  relayOnce(): Promise<number>;
}

interface OutboxRow {
  id: string;
  payload: EventEnvelope;
}

/** How long a round's claim on its rows lasts: a relay that died mid-round leaves them to another after this. */
export const DEFAULT_OUTBOX_LEASE_MS = 60_000;

/**
 * Publishes pending outbox rows in the order they were written (`seq`). A round claims its
 * rows in one statement (a lease, `claimed_until`, taken with `FOR UPDATE SKIP LOCKED`),
 * publishes them, then marks them published in a second: no transaction stays open while the bus is called, so on an
 * embedded database (one session) the service's other statements never wait for a round.
 * Several instances of a service relay side by side without publishing the same row twice
 * while a lease holds. A row is marked published only after the bus confirmed it; a failed
 * publish leaves it for the next round, and a relay that dies after its claim leaves its rows
 * to the next round once the lease has run out, so they are published at least once, which
 * the consumers' inbox turns into exactly-once processing.
 */
export function createOutboxRelay(options: OutboxRelayOptions): OutboxRelay {
  const { db, bus, logger } = options;
  const intervalMs = options.intervalMs ?? 1000;
  const batchSize = options.batchSize ?? 100;
  const kickGapMs = options.kickGapMs ?? 50;
  const leaseMs = options.leaseMs ?? DEFAULT_OUTBOX_LEASE_MS;
  let started = false;
  let lastRoundAt = -Infinity;
  let timer: NodeJS.Timeout | undefined;
  let round: Promise<void> | undefined;
  let again = false;

  async function relayOnce(): Promise<number> {
    const { rows } = await db.query<OutboxRow>(
      `WITH claimed AS (
         UPDATE outbox SET claimed_until = clock_timestamp() + make_interval(secs => $2::float8 / 1000)
         WHERE id IN (
           SELECT id FROM outbox WHERE published_at IS NULL AND (claimed_until IS NULL OR claimed_until < clock_timestamp())
           ORDER BY seq LIMIT $1 FOR UPDATE SKIP LOCKED)
         RETURNING id, payload, seq)
       SELECT id, payload FROM claimed ORDER BY seq`,
      [batchSize, leaseMs],
    );
    if (rows.length === 0) return 0;
    const published: string[] = [];
    for (const row of rows) {
      try {
        await publishInSpan(row.payload, (event) => bus.publish(event));
        countPublishedEvent(row.payload);
        published.push(row.id);
      } catch (err) {
        logger?.warn({ err, eventId: row.id, type: row.payload.type }, 'outbox event not published; will retry');
      }
    }
    // One statement for the round rather than one per row (on PGlite every statement queues
    // behind the service's other work); a row not published is released for the next round.
    await db.query(
      `UPDATE outbox SET published_at = CASE WHEN id = ANY($1::uuid[]) THEN now() END, attempts = attempts + 1, claimed_until = NULL
       WHERE id = ANY($2::uuid[])`,
      [published, rows.map((row) => row.id)],
    );
    return published.length;
  }

  function schedule(delayMs: number) {
    clearTimeout(timer);
    timer = setTimeout(runRounds, delayMs);
    timer.unref();
  }

  /** When a kicked round may start: now, or `kickGapMs` after the last one started. */
  const kickDelay = () => Math.max(0, lastRoundAt + kickGapMs - performance.now());

  /** Rounds back to back while batches come full, then waits (less when kicked meanwhile). */
  function runRounds() {
    if (round) {
      again = true;
      return;
    }
    round = (async () => {
      let full: boolean;
      try {
        do {
          again = false;
          lastRoundAt = performance.now();
          full = (await relayOnce()) >= batchSize;
        } while (full && started);
      } catch (err) {
        logger?.error({ err }, 'outbox relay round failed');
      }
      round = undefined;
      if (started) schedule(again ? kickDelay() : intervalMs);
    })();
  }

  return {
    start() {
      if (started) return;
      started = true;
      schedule(0);
    },
    kick() {
      if (!started) return;
      if (round) again = true;
      else schedule(kickDelay());
    },
    async stop() {
      started = false;
      clearTimeout(timer);
      await round;
    },
    relayOnce,
  };
}

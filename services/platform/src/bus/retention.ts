import type { Database } from '../db/types';
import type { Logger } from '../logger';
import { type PeriodicJob, runPeriodically } from '../runtime/periodic';

/**
 * How long the outbox keeps published events and the inbox keeps processed ids. An inbox id
 * is what makes a redelivery a no-op, so its retention must exceed the longest time an event
 * can wait for redelivery: the dead-letter queue's replay window (docs/operations.md).
 */
export interface EventRetention {
  outboxHours: number;
  inboxHours: number;
}

export const DEFAULT_EVENT_RETENTION: EventRetention = { outboxHours: 72, inboxHours: 14 * 24 };

/** Rows deleted per statement: short transactions, no long lock on a busy table. */
const BATCH = 5000;

async function deleteInBatches(db: Database, sql: string, hours: number): Promise<number> {
  let total = 0;
  for (;;) {
    const { rowCount } = await db.query(sql, [hours, BATCH]);
    total += rowCount;
    if (rowCount < BATCH) return total;
  }
}

/**
 * Deletes published outbox rows and inbox ids older than their retention. Unpublished outbox
 * rows are never deleted, however old. Safe to run from every replica at once: a row two
 * replicas both pick is deleted once.
 */
export async function pruneEventTables(db: Database, retention: EventRetention): Promise<{ outbox: number; inbox: number }> {
  const outbox = await deleteInBatches(
    db,
    `DELETE FROM outbox WHERE id IN (
       SELECT id FROM outbox WHERE published_at < now() - make_interval(hours => $1::int) LIMIT $2)`,
    retention.outboxHours,
  );
  const inbox = await deleteInBatches(
    db,
    `DELETE FROM inbox WHERE (consumer, event_id) IN (
       SELECT consumer, event_id FROM inbox WHERE processed_at < now() - make_interval(hours => $1::int) LIMIT $2)`,
    retention.inboxHours,
  );
  return { outbox, inbox };
}

/** Prunes now and then every `intervalMs` (default hourly) until stopped. */
export function startEventPruning(
  db: Database,
  retention: EventRetention,
  logger: Pick<Logger, 'info' | 'warn'>,
  intervalMs = 60 * 60 * 1000,
): PeriodicJob {
  return runPeriodically({
    everyMs: intervalMs,
    immediately: true,
    run: async () => {
      const deleted = await pruneEventTables(db, retention);
      if (deleted.outbox + deleted.inbox > 0) logger.info({ deleted, retention }, 'old outbox and inbox rows pruned');
    },
    onError: (err) => logger.warn({ err }, 'outbox and inbox pruning failed; will retry'),
  });
}

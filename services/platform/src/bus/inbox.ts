import type { Database, Queryable } from '../db/types';
import type { EventEnvelope, EventHandler } from './types';

/**
 * The inbox: the ids of the events each consumer has processed. Delivery is at-least-once,
 * so a consumer records the id in the same transaction as the effects of the event; a
 * redelivery then finds the id and does nothing. The table comes from the platform migration
 * `platform_0002_inbox.sql`.
 */
/**
 * Wraps `handler` so that each event id is processed once per `consumer`: in one transaction
 * it claims the id in the inbox, then runs the handler with that transaction. A redelivered
 * event finds its id claimed and returns at once; a handler that throws rolls the claim back
 * with everything else, so the retry runs it again. Concurrent deliveries of one id are
 * serialised by the primary key: the second waits for the first to commit or roll back.
 */
export function handleOnce(db: Database, consumer: string, handler: (event: EventEnvelope, tx: Queryable) => Promise<void>): EventHandler {
  return async (event) => {
    await db.transaction(async (tx) => {
      const claim = await tx.query('INSERT INTO inbox (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING', [consumer, event.id]);
      if (claim.rowCount === 0) return;
      await handler(event, tx);
    });
  };
}

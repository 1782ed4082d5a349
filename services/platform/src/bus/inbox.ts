import type { Database, Queryable } from '../db/types';
import type { EventEnvelope, EventHandler } from './types';

/** The claim of an event id, its consumer and id as the parameters numbered `at` and `at + 1`. */
const claim = (at = 1) => `INSERT INTO inbox (consumer, event_id) VALUES ($${at}, $${at + 1}) ON CONFLICT DO NOTHING`;
const CLAIM = claim();

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
      const claim = await tx.query(CLAIM, [consumer, event.id]);
      if (claim.rowCount === 0) return;
      await handler(event, tx);
    });
  };
}

/** A change for `handleOnceInOneStatement`: SQL that takes its rows FROM claimed, with its parameters $1…$n. */
export interface ClaimedChange {
  sql: string;
  params: unknown[];
}

/**
 * `handleOnce` for a handler whose whole effect is one statement: the claim of the event's id
 * and the change go as one statement, a data-modifying CTE, instead of a transaction of three
 * (claim, change, commit). On an embedded database each is a round trip to its thread while
 * the session is held; a read model fed by every analysis made three per event (ADR 59).
 *
 * `changeFor` returns the change, or undefined when the event changes nothing here (its id is
 * claimed all the same). The change must read its rows `FROM claimed`: a one-row table while
 * this delivery claims the id, empty when an earlier one did, so a redelivery changes nothing
 * (`INSERT INTO t (…) SELECT $1, … FROM claimed ON CONFLICT …`). The claim and the change
 * commit together or not at all, as in `handleOnce`; concurrent deliveries wait on the inbox's
 * key as there. Use the same `consumer` as a `handleOnce` of the same queue: one inbox.
 */
export function handleOnceInOneStatement(db: Database, consumer: string, changeFor: (event: EventEnvelope) => ClaimedChange | undefined) {
  return (event: EventEnvelope): Promise<void> => claimWithChange(db, consumer, event.id, changeFor(event));
}

/** `handleOnceInOneStatement`'s one statement, for a consumer that has the change already. */
export async function claimWithChange(db: Database, consumer: string, eventId: string, change: ClaimedChange | undefined): Promise<void> {
  if (!change) {
    await db.query(CLAIM, [consumer, eventId]);
    return;
  }
  const at = change.params.length + 1;
  await db.query(`WITH claimed AS (${claim(at)} RETURNING event_id) ${change.sql}`, [...change.params, consumer, eventId]);
}

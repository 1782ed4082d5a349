import type { Queryable } from '@stockai/platform';

export type Claim = 'claimed' | 'done' | 'busy';

/** The Stripe events billing has handled, or is handling (see migration 0006). */
export const webhookEventsRepo = {
  /**
   * Claims `eventId` for this delivery: new, failed before, or claimed by a delivery that has
   * been at it for longer than `staleAfterMs` (its process died). Otherwise `done` (handled
   * already) or `busy` (another delivery is handling it now).
   */
  async claim(db: Queryable, event: { id: string; type: string }, staleAfterMs: number): Promise<Claim> {
    const { rows } = await db.query<{ event_id: string }>(
      `INSERT INTO stripe_webhook_events (event_id, type, status) VALUES ($1, $2, 'processing')
       ON CONFLICT (event_id) DO UPDATE SET status = 'processing', attempts = stripe_webhook_events.attempts + 1, claimed_at = now(), last_error = NULL
       WHERE stripe_webhook_events.status = 'failed'
          OR (stripe_webhook_events.status = 'processing' AND stripe_webhook_events.claimed_at < now() - make_interval(secs => $3))
       RETURNING event_id`,
      [event.id, event.type, staleAfterMs / 1000],
    );
    if (rows[0]) return 'claimed';
    const { rows: existing } = await db.query<{ status: string }>('SELECT status FROM stripe_webhook_events WHERE event_id = $1', [
      event.id,
    ]);
    return existing[0]?.status === 'done' ? 'done' : 'busy';
  },

  async finish(db: Queryable, eventId: string): Promise<void> {
    await db.query("UPDATE stripe_webhook_events SET status = 'done', processed_at = now() WHERE event_id = $1", [eventId]);
  },

  async fail(db: Queryable, eventId: string, error: string): Promise<void> {
    await db.query("UPDATE stripe_webhook_events SET status = 'failed', last_error = $2 WHERE event_id = $1", [
      eventId,
      error.slice(0, 500),
    ]);
  },
};

import { randomUUID } from 'node:crypto';
import type { Database } from '@stockai/platform';
import { billingTestDatabase } from '../testing/database';
import { webhookEventsRepo as sut } from './repo';

/** Stripe events claimed once per delivery on real PostgreSQL. */
describe('webhookEventsRepo', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
  });
  afterAll(() => drop());

  const event = () => ({ id: `evt_${randomUUID()}`, type: 'invoice.paid' });

  it('claims a new event for one of two racing deliveries; the other is told it is busy', async () => {
    const e = event();
    const claims = await Promise.all([sut.claim(db, e, 60_000), sut.claim(db, e, 60_000)]);
    expect(claims.sort()).toEqual(['busy', 'claimed']);
  });

  it('answers done once handled, and lets a failed one be claimed again', async () => {
    const done = event();
    await sut.claim(db, done, 60_000);
    await sut.finish(db, done.id);
    expect(await sut.claim(db, done, 60_000)).toBe('done');

    const failed = event();
    await sut.claim(db, failed, 60_000);
    await sut.fail(db, failed.id, 'x'.repeat(600));
    expect(await sut.claim(db, failed, 60_000)).toBe('claimed');
    const { rows } = await db.query<{ attempts: number; last_error: string | null }>(
      'SELECT attempts, last_error FROM stripe_webhook_events WHERE event_id = $1',
      [failed.id],
    );
    expect(rows[0]).toMatchObject({ attempts: 2, last_error: null });
  });

  it('takes over a claim held longer than the stale time (its delivery died)', async () => {
    const e = event();
    await sut.claim(db, e, 60_000);
    await db.query("UPDATE stripe_webhook_events SET claimed_at = now() - interval '2 minutes' WHERE event_id = $1", [e.id]);
    expect(await sut.claim(db, e, 60_000)).toBe('claimed');
  });
});

import { randomUUID } from 'node:crypto';
import type { Database } from '@stockai/platform';
import { creditsService } from '../credits/service';
import { billingTestDatabase, openTestAccount } from '../testing/database';
import { membership } from './membership';
import { DAY_MS, STRIPE_RENEWAL_GRACE_MS, settlePeriods } from './periods';
import { type NewSubscription, type PlanRow, subscriptionsRepo } from './repo';

/** A subscription's periods settled on real PostgreSQL: renewed, expired or left to Stripe. */
describe('settlePeriods', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let vip: PlanRow;
  const start = new Date('2026-11-23T04:00:00Z');

  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
    vip = (await subscriptionsRepo.plan(db, 'vip')) as PlanRow;
  });
  afterAll(() => drop());

  /** A member with an active vip subscription ending 30 days after `start`. */
  async function subscribed(provider: NewSubscription['provider'], autoRenewal: boolean) {
    const userId = await openTestAccount(db);
    const credits = creditsService(db, { afterCommit: () => undefined, now: () => start });
    const id = randomUUID();
    await credits.userTransaction(userId, async (tx) => {
      await subscriptionsRepo.insert(tx, {
        id,
        userId,
        plan: vip,
        cycle: 'monthly',
        status: 'incomplete',
        periodEnd: new Date(start.getTime() + 30 * DAY_MS),
        autoRenewal,
        cancelAtPeriodEnd: false,
        provider,
        providerSubscriptionId: `sub_${id}`,
      });
      await membership.activate(tx, (await subscriptionsRepo.byProviderId(tx, `sub_${id}`))!);
    });
    return { userId, settle: (at: Date, stripeSynced = false) => db.transaction((tx) => settlePeriods(tx, userId, at, { stripeSynced })) };
  }

  const after = (days: number) => new Date(start.getTime() + days * DAY_MS);
  const payments = async (userId: string) =>
    (await db.query('SELECT 1 FROM payments WHERE user_id = $1 AND type = $2', [userId, 'subscription'])).rowCount;
  const level = async (userId: string) =>
    (await db.query<{ level: string }>('SELECT level FROM credit_accounts WHERE user_id = $1', [userId])).rows[0]?.level;

  it('leaves a subscription within its period as it is', async () => {
    const { userId, settle } = await subscribed('demo', true);
    expect((await settle(after(29)))?.current_period_end).toEqual(after(30));
    expect(await level(userId)).toBe('vip');
  });

  it('renews a demo subscription with auto-renewal once per period, each period paid, however late it is read', async () => {
    const { userId, settle } = await subscribed('demo', true);
    expect((await settle(after(61)))?.current_period_end).toEqual(after(90));
    expect((await settle(after(61)))?.current_period_end).toEqual(after(90));
    expect(await payments(userId)).toBe(2);
    expect(await level(userId)).toBe('vip');
  });

  it('expires one without auto-renewal, back to free', async () => {
    const { userId, settle } = await subscribed('demo', false);
    expect(await settle(after(30))).toBeUndefined();
    expect(await level(userId)).toBe('free');
    expect((await subscriptionsRepo.active(db, userId)) ?? null).toBeNull();
  });

  it("leaves a renewing Stripe subscription to Stripe's webhook, and expires it past the grace once synced", async () => {
    const { userId, settle } = await subscribed('stripe', true);
    const pastGrace = new Date(after(30).getTime() + STRIPE_RENEWAL_GRACE_MS + 1);
    expect(await settle(pastGrace)).toBeDefined();
    expect(await settle(after(31), true)).toBeDefined();
    expect(await settle(pastGrace, true)).toBeUndefined();
    expect(await level(userId)).toBe('free');
    const { rows } = await db.query<{ processor_cancel_due: boolean }>(
      'SELECT processor_cancel_due FROM subscriptions WHERE user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ processor_cancel_due: true }]);
  });
});

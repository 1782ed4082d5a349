import { randomBytes, randomUUID } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { type Database, type Queryable, AppError, badRequest, newEvent, writeOutbox } from '@stockai/platform';
import { ledger } from '../credits/ledger';
import { DEMO_CARDS } from '../payments/processor';
import { paymentsRepo } from '../payments/repo';

type Level = 'free' | 'vip' | 'premium';

interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_id: string;
  level: Level;
  billing_cycle: 'monthly' | 'yearly';
  status: 'active' | 'canceled' | 'expired';
  current_period_end: Date;
  auto_renewal: boolean;
  cancel_at_period_end: boolean;
}

interface PlanRow {
  id: string;
  level_type: Level;
  monthly_price: string | null;
  yearly_price: string | null;
  currency: string;
}

const DAY_MS = 24 * 60 * 60 * 1000;
const periodMs = (cycle: 'monthly' | 'yearly') => (cycle === 'monthly' ? 30 : 365) * DAY_MS;

/**
 * Subscriptions with the demo card processor (the card is the `paymentMethodId`: 4242 4242 4242
 * 4242 pays, 4000 0000 0000 0002 is declined). The active subscription's plan decides the
 * level; every change of level publishes `membership.changed` (auth keeps it on the user) and
 * an upgrade tops today's daily credits up to the new allowance at once. A subscription past
 * its end renews (auto-renewal on: a new period and payment) or expires back to free when it is
 * next read; each period is paid and announced once.
 */
export function subscriptionsService(deps: { db: Database; afterCommit: () => void; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());

  async function activeFor(tx: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await tx.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'active'", [userId]);
    return rows[0];
  }

  /** Sets the account's level; publishes the change; an upgrade refills today's daily credits to the new allowance. */
  async function changeLevel(tx: Queryable, userId: string, level: Level, reason: string) {
    const { rows } = await tx.query<{ level: Level; daily_credits: number }>('SELECT level, daily_credits FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
    const account = rows[0];
    if (!account || account.level === level) return;
    await tx.query('UPDATE credit_accounts SET level = $2 WHERE user_id = $1', [userId, level]);
    const { rows: allowance } = await tx.query<{ daily_credits: number }>('SELECT daily_credits FROM user_levels WHERE level_type = $1', [level]);
    const topUp = (allowance[0]?.daily_credits ?? 0) - account.daily_credits;
    if (topUp > 0) await ledger.apply(tx, { userId, kind: 'daily_refill', paidDelta: 0, dailyDelta: topUp, idempotencyKey: `level-change:${reason}` });
    await writeOutbox(tx, newEvent('membership.changed', eventData('membership.changed', { userId, level, previousLevel: account.level })));
  }

  /** Ends `sub` at once (announced); `toFree` also drops the user back to the free level. */
  async function endNow(tx: Queryable, sub: SubscriptionRow, toFree: boolean) {
    await tx.query("UPDATE subscriptions SET status = 'canceled', auto_renewal = false, updated_at = now() WHERE id = $1", [sub.id]);
    await writeOutbox(tx, newEvent('subscription.canceled', eventData('subscription.canceled', { subscriptionId: sub.id, userId: sub.user_id, planId: sub.plan_id, atPeriodEnd: false })));
    if (toFree) await changeLevel(tx, sub.user_id, 'free', `canceled:${sub.id}`);
  }

  async function recordPayment(tx: Queryable, sub: { userId: string; plan: PlanRow; cycle: 'monthly' | 'yearly'; status: 'completed' | 'failed'; reason?: string }) {
    const price = Number(sub.cycle === 'monthly' ? sub.plan.monthly_price : sub.plan.yearly_price);
    const id = randomUUID();
    const providerId = `in_demo_${randomBytes(10).toString('hex')}`;
    const amount = Math.round(price * 100);
    await paymentsRepo.insert(tx, {
      id,
      userId: sub.userId,
      type: 'subscription',
      packageType: sub.plan.id,
      credits: 0,
      amount,
      currency: sub.plan.currency,
      status: sub.status,
      provider: 'demo',
      providerPaymentId: providerId,
      failureMessage: sub.reason,
    });
    const money = { amount, currency: sub.plan.currency };
    if (sub.status === 'completed') {
      await writeOutbox(tx, newEvent('payment.confirmed', eventData('payment.confirmed', { paymentId: id, userId: sub.userId, price: money, credits: 0, provider: 'demo', providerPaymentId: providerId })));
    } else {
      await writeOutbox(tx, newEvent('payment.failed', eventData('payment.failed', { paymentId: id, userId: sub.userId, price: money, provider: 'demo', providerPaymentId: providerId, reason: sub.reason ?? 'declined' })));
    }
  }

  /** Renews or expires the user's subscription if its period is over (idempotent per period). */
  async function settlePeriods(tx: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
    let sub = await activeFor(tx, userId);
    while (sub && sub.current_period_end.getTime() <= now().getTime()) {
      if (sub.auto_renewal && !sub.cancel_at_period_end) {
        const plan = await planById(tx, sub.plan_id);
        const end = new Date(sub.current_period_end.getTime() + periodMs(sub.billing_cycle));
        await tx.query('UPDATE subscriptions SET current_period_end = $2, updated_at = now() WHERE id = $1', [sub.id, end]);
        await recordPayment(tx, { userId, plan, cycle: sub.billing_cycle, status: 'completed' });
        await writeOutbox(tx, newEvent('subscription.renewed', eventData('subscription.renewed', { subscriptionId: sub.id, userId, planId: sub.plan_id, level: sub.level, periodEnd: end.toISOString() })));
        sub = { ...sub, current_period_end: end };
      } else {
        await tx.query("UPDATE subscriptions SET status = 'expired', updated_at = now() WHERE id = $1", [sub.id]);
        await writeOutbox(tx, newEvent('subscription.expired', eventData('subscription.expired', { subscriptionId: sub.id, userId, planId: sub.plan_id })));
        await changeLevel(tx, userId, 'free', `expired:${sub.id}`);
        sub = undefined;
      }
    }
    return sub;
  }

  async function planById(tx: Queryable, planId: string): Promise<PlanRow> {
    const { rows } = await tx.query<PlanRow>('SELECT id, level_type, monthly_price, yearly_price, currency FROM subscription_plans WHERE id = $1', [planId]);
    if (!rows[0]) throw badRequest(`planId: there is no plan ${planId}`, 'UNKNOWN_PLAN');
    return rows[0];
  }

  async function inTransaction<T>(userId: string, work: (tx: Queryable) => Promise<T>): Promise<T> {
    const result = await deps.db.transaction(async (tx) => {
      // One user's subscription changes run one at a time.
      await tx.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
      return work(tx);
    });
    deps.afterCommit();
    return result;
  }

  const view = (sub: SubscriptionRow | undefined, level: Level) => ({
    hasSubscription: Boolean(sub),
    level,
    subscription: sub
      ? {
          planId: sub.plan_id,
          billingCycle: sub.billing_cycle,
          expiresAt: sub.current_period_end.toISOString(),
          daysRemaining: Math.max(0, Math.ceil((sub.current_period_end.getTime() - now().getTime()) / DAY_MS)),
          autoRenewal: sub.auto_renewal && !sub.cancel_at_period_end,
          cancelAtPeriodEnd: sub.cancel_at_period_end,
        }
      : null,
  });

  const levelOf = async (tx: Queryable, userId: string) =>
    ((await tx.query<{ level: Level }>('SELECT level FROM credit_accounts WHERE user_id = $1', [userId])).rows[0]?.level ?? 'free') as Level;

  return {
    async current(userId: string) {
      return inTransaction(userId, async (tx) => {
        const sub = await settlePeriods(tx, userId);
        return view(sub, await levelOf(tx, userId));
      });
    },

    async subscribe(userId: string, input: { planId: string; billingCycle: 'monthly' | 'yearly'; autoRenewal: boolean; paymentMethodId?: string }) {
      return inTransaction(userId, async (tx) => {
        const plan = await planById(tx, input.planId);
        const existing = await settlePeriods(tx, userId);
        if (plan.level_type === 'free') {
          // Choosing the free plan ends a paid subscription at once.
          if (existing) await endNow(tx, existing, true);
          return { success: true, ...view(undefined, 'free') };
        }
        const price = input.billingCycle === 'monthly' ? plan.monthly_price : plan.yearly_price;
        if (price === null) throw badRequest(`billingCycle: the plan ${plan.id} has no ${input.billingCycle} price`, 'NO_SUCH_PRICE');
        const card = (input.paymentMethodId ?? '').replace(/[\s-]/g, '');
        if (card === DEMO_CARDS.declined) {
          await recordPayment(tx, { userId, plan, cycle: input.billingCycle, status: 'failed', reason: 'Your card was declined.' });
          return { declined: true as const };
        }
        if (card !== DEMO_CARDS.succeeds) throw badRequest('paymentMethodId: demo mode accepts the test cards 4242 4242 4242 4242 and 4000 0000 0000 0002', 'UNKNOWN_TEST_CARD');
        if (existing) await endNow(tx, existing, false);
        const id = randomUUID();
        const end = new Date(now().getTime() + periodMs(input.billingCycle));
        await tx.query(
          `INSERT INTO subscriptions (id, user_id, plan_id, level, billing_cycle, status, current_period_end, auto_renewal, provider, provider_subscription_id)
           VALUES ($1, $2, $3, $4, $5, 'active', $6, $7, 'demo', $8)`,
          [id, userId, plan.id, plan.level_type, input.billingCycle, end, input.autoRenewal, `sub_demo_${randomBytes(10).toString('hex')}`],
        );
        await recordPayment(tx, { userId, plan, cycle: input.billingCycle, status: 'completed' });
        await writeOutbox(tx, newEvent('subscription.started', eventData('subscription.started', { subscriptionId: id, userId, planId: plan.id, level: plan.level_type, periodEnd: end.toISOString() })));
        await changeLevel(tx, userId, plan.level_type, `started:${id}`);
        return { success: true, ...view((await activeFor(tx, userId)) as SubscriptionRow, plan.level_type) };
      }).then((result) => {
        if ('declined' in result) throw new AppError(402, 'CARD_DECLINED', 'Your card was declined.');
        return result;
      });
    },

    /** `immediate`: end now and go back to free; otherwise stop at the end of the paid period. */
    async cancel(userId: string, immediate: boolean) {
      return inTransaction(userId, async (tx) => {
        const sub = await settlePeriods(tx, userId);
        if (!sub) throw new AppError(404, 'NO_SUBSCRIPTION', 'You have no active subscription');
        if (immediate) {
          await endNow(tx, sub, true);
        } else {
          await tx.query('UPDATE subscriptions SET cancel_at_period_end = true, updated_at = now() WHERE id = $1', [sub.id]);
          await writeOutbox(tx, newEvent('subscription.canceled', eventData('subscription.canceled', { subscriptionId: sub.id, userId, planId: sub.plan_id, atPeriodEnd: true })));
        }
        return { success: true, ...view(immediate ? undefined : await activeFor(tx, userId), await levelOf(tx, userId)) };
      });
    },

    /** Turning auto-renewal on also withdraws a cancellation at period end. */
    async setAutoRenewal(userId: string, autoRenewal: boolean) {
      return inTransaction(userId, async (tx) => {
        const sub = await settlePeriods(tx, userId);
        if (!sub) throw new AppError(404, 'NO_SUBSCRIPTION', 'You have no active subscription');
        await tx.query('UPDATE subscriptions SET auto_renewal = $2, cancel_at_period_end = CASE WHEN $2 THEN false ELSE cancel_at_period_end END, updated_at = now() WHERE id = $1', [
          sub.id,
          autoRenewal,
        ]);
        return { success: true, ...view(await activeFor(tx, userId), await levelOf(tx, userId)) };
      });
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;

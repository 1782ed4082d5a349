import type { Queryable } from '@stockai/platform';

export type Level = 'free' | 'vip' | 'premium';
export type BillingCycle = 'monthly' | 'yearly';

export interface SubscriptionRow {
  id: string;
  user_id: string;
  plan_id: string;
  level: Level;
  billing_cycle: BillingCycle;
  status: 'incomplete' | 'active' | 'canceled' | 'expired';
  current_period_end: Date;
  auto_renewal: boolean;
  cancel_at_period_end: boolean;
  provider: 'stripe' | 'demo' | 'admin';
  provider_subscription_id: string | null;
  pending_payment_id: string | null;
}

export interface PlanRow {
  id: string;
  level_type: Level;
  monthly_price: string | null;
  yearly_price: string | null;
  currency: string;
}

export interface NewSubscription {
  id: string;
  userId: string;
  plan: PlanRow;
  cycle: BillingCycle;
  status: 'incomplete' | 'active';
  periodEnd: Date;
  autoRenewal: boolean;
  cancelAtPeriodEnd: boolean;
  provider: 'stripe' | 'demo';
  providerSubscriptionId: string;
  pendingPaymentId?: string;
}

/** The plan's price for `cycle` in minor units, or null when the plan has no such price. */
export function priceOf(plan: PlanRow, cycle: BillingCycle): number | null {
  const price = cycle === 'monthly' ? plan.monthly_price : plan.yearly_price;
  return price === null ? null : Math.round(Number(price) * 100);
}

export const subscriptionsRepo = {
  async active(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'active'", [userId]);
    return rows[0];
  },

  async byProviderId(q: Queryable, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE provider_subscription_id = $1', [providerSubscriptionId]);
    return rows[0];
  },

  async byPendingPayment(q: Queryable, paymentId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE pending_payment_id = $1 AND status = 'incomplete'", [paymentId]);
    return rows[0];
  },

  /** The user's newest subscription still waiting for its first payment, if any. */
  async incomplete(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'incomplete' ORDER BY created_at DESC LIMIT 1", [userId]);
    return rows[0];
  },

  /**
   * Users whose active subscription's period ended by `now`, leaving out Stripe subscriptions
   * that renew and are still within their grace (ended after `graceFrom`): Stripe settles those.
   */
  async usersPastEnd(q: Queryable, now: Date, graceFrom: Date, limit: number): Promise<string[]> {
    const { rows } = await q.query<{ user_id: string }>(
      `SELECT user_id FROM subscriptions
       WHERE status = 'active' AND current_period_end <= $1
         AND NOT (provider = 'stripe' AND auto_renewal AND NOT cancel_at_period_end AND current_period_end > $2)
       ORDER BY current_period_end LIMIT $3`,
      [now, graceFrom, limit],
    );
    return rows.map((r) => r.user_id);
  },

  async insert(q: Queryable, s: NewSubscription): Promise<void> {
    await q.query(
      `INSERT INTO subscriptions (id, user_id, plan_id, level, billing_cycle, status, current_period_end, auto_renewal, cancel_at_period_end, provider, provider_subscription_id, pending_payment_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [s.id, s.userId, s.plan.id, s.plan.level_type, s.cycle, s.status, s.periodEnd, s.autoRenewal, s.cancelAtPeriodEnd, s.provider, s.providerSubscriptionId, s.pendingPaymentId ?? null],
    );
  },

  async setStatus(q: Queryable, id: string, status: SubscriptionRow['status']): Promise<void> {
    await q.query('UPDATE subscriptions SET status = $2, pending_payment_id = NULL, updated_at = now() WHERE id = $1', [id, status]);
  },

  /** Moves the period end forward only: a late or repeated event never shortens a period. */
  async extendTo(q: Queryable, id: string, periodEnd: Date): Promise<boolean> {
    const { rowCount } = await q.query('UPDATE subscriptions SET current_period_end = $2, updated_at = now() WHERE id = $1 AND current_period_end < $2', [id, periodEnd]);
    return rowCount === 1;
  },

  async setRenewal(q: Queryable, id: string, renewal: { autoRenewal: boolean; cancelAtPeriodEnd: boolean }): Promise<void> {
    await q.query('UPDATE subscriptions SET auto_renewal = $2, cancel_at_period_end = $3, updated_at = now() WHERE id = $1', [id, renewal.autoRenewal, renewal.cancelAtPeriodEnd]);
  },

  async plan(q: Queryable, planId: string): Promise<PlanRow | undefined> {
    const { rows } = await q.query<PlanRow>('SELECT id, level_type, monthly_price, yearly_price, currency FROM subscription_plans WHERE id = $1', [planId]);
    return rows[0];
  },

  async level(q: Queryable, userId: string): Promise<Level> {
    const { rows } = await q.query<{ level: Level }>('SELECT level FROM credit_accounts WHERE user_id = $1', [userId]);
    return rows[0]?.level ?? 'free';
  },
};

import type { Queryable } from '@stockai/platform';
import { catalogueRepo } from '../catalogue/repo';

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
  /** Ended here but maybe still running at the card processor, which must still be told (migration 0014). */
  processor_cancel_due: boolean;
  created_at: Date;
}

export interface PlanRow {
  id: string;
  /** The catalogue's name of the plan, kept on its payments. */
  name?: string;
  level_type: Level;
  monthly_price_minor: number | null;
  yearly_price_minor: number | null;
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
  /** `admin`: granted by an admin, no card behind it (so no renewal and no processor id). */
  provider: 'stripe' | 'demo' | 'admin';
  providerSubscriptionId?: string;
  pendingPaymentId?: string;
}

/** The plan's price for `cycle` in minor units, or null when the plan has no such price. */
export function priceOf(plan: PlanRow, cycle: BillingCycle): number | null {
  return cycle === 'monthly' ? plan.monthly_price_minor : plan.yearly_price_minor;
}

export const subscriptionsRepo = {
  async active(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'active'", [userId]);
    return rows[0];
  },

  async byProviderId(q: Queryable, providerSubscriptionId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>('SELECT * FROM subscriptions WHERE provider_subscription_id = $1', [
      providerSubscriptionId,
    ]);
    return rows[0];
  },

  async byPendingPayment(q: Queryable, paymentId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>("SELECT * FROM subscriptions WHERE pending_payment_id = $1 AND status = 'incomplete'", [
      paymentId,
    ]);
    return rows[0];
  },

  /** The user's newest subscription still waiting for its first payment, if any. */
  async incomplete(q: Queryable, userId: string): Promise<SubscriptionRow | undefined> {
    const { rows } = await q.query<SubscriptionRow>(
      "SELECT * FROM subscriptions WHERE user_id = $1 AND status = 'incomplete' ORDER BY created_at DESC LIMIT 1",
      [userId],
    );
    return rows[0];
  },

  /**
   * Users the sweep settles: their active subscription's period ended by `now` (leaving out
   * Stripe subscriptions that renew and are still within their grace, ended after `graceFrom`:
   * Stripe settles those), or a subscription of theirs that ended here is still to be
   * cancelled at its processor.
   */
  async usersToSettle(q: Queryable, now: Date, graceFrom: Date, limit: number): Promise<string[]> {
    const { rows } = await q.query<{ user_id: string }>(
      `SELECT user_id FROM (
         SELECT user_id, current_period_end AS due FROM subscriptions
         WHERE status = 'active' AND current_period_end <= $1
           AND NOT (provider = 'stripe' AND auto_renewal AND NOT cancel_at_period_end AND current_period_end > $2)
         UNION
         SELECT user_id, '-infinity'::timestamptz AS due FROM subscriptions WHERE processor_cancel_due
       ) due ORDER BY due LIMIT $3`,
      [now, graceFrom, limit],
    );
    return [...new Set(rows.map((r) => r.user_id))];
  },

  /** The user's (or everybody's) subscriptions that ended here but are still to be cancelled at their processor. */
  async cancelDue(q: Queryable, userId?: string): Promise<SubscriptionRow[]> {
    const { rows } = await q.query<SubscriptionRow>(
      'SELECT * FROM subscriptions WHERE processor_cancel_due AND ($1::uuid IS NULL OR user_id = $1) ORDER BY updated_at LIMIT 100',
      [userId ?? null],
    );
    return rows;
  },

  async setCancelDue(q: Queryable, id: string, due: boolean): Promise<void> {
    await q.query('UPDATE subscriptions SET processor_cancel_due = $2, updated_at = now() WHERE id = $1', [id, due]);
  },

  /**
   * Ends `id` here (`canceled` or `expired`): it no longer renews, waits for no payment, and a
   * Stripe one is marked to be cancelled at Stripe (which would otherwise go on charging).
   */
  async end(q: Queryable, id: string, status: 'canceled' | 'expired'): Promise<void> {
    await q.query(
      `UPDATE subscriptions SET status = $2, auto_renewal = false, pending_payment_id = NULL, processor_cancel_due = (provider = 'stripe'), updated_at = now()
       WHERE id = $1`,
      [id, status],
    );
  },

  /**
   * Claims the user's one subscribe request in progress (a claim older than `staleBefore`, whose
   * request died, may be taken over). False while another request holds it.
   */
  async claimSubscribe(q: Queryable, userId: string, plan: { planId: string; cycle: BillingCycle }, staleBefore: Date): Promise<boolean> {
    const { rowCount } = await q.query(
      `INSERT INTO subscribe_attempts (user_id, plan_id, billing_cycle, started_at) VALUES ($1, $2, $3, now())
       ON CONFLICT (user_id) DO UPDATE SET plan_id = EXCLUDED.plan_id, billing_cycle = EXCLUDED.billing_cycle, started_at = now()
       WHERE subscribe_attempts.started_at < $4`,
      [userId, plan.planId, plan.cycle, staleBefore],
    );
    return rowCount === 1;
  },

  async releaseSubscribe(q: Queryable, userId: string): Promise<void> {
    await q.query('DELETE FROM subscribe_attempts WHERE user_id = $1', [userId]);
  },

  async insert(q: Queryable, s: NewSubscription): Promise<void> {
    await q.query(
      `INSERT INTO subscriptions (id, user_id, plan_id, level, billing_cycle, status, current_period_end, auto_renewal, cancel_at_period_end, provider, provider_subscription_id, pending_payment_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        s.id,
        s.userId,
        s.plan.id,
        s.plan.level_type,
        s.cycle,
        s.status,
        s.periodEnd,
        s.autoRenewal,
        s.cancelAtPeriodEnd,
        s.provider,
        s.providerSubscriptionId ?? null,
        s.pendingPaymentId ?? null,
      ],
    );
  },

  async setStatus(q: Queryable, id: string, status: SubscriptionRow['status']): Promise<void> {
    await q.query('UPDATE subscriptions SET status = $2, pending_payment_id = NULL, updated_at = now() WHERE id = $1', [id, status]);
  },

  /** Moves the period end forward only: a late or repeated event never shortens a period. */
  async extendTo(q: Queryable, id: string, periodEnd: Date): Promise<boolean> {
    const { rowCount } = await q.query(
      'UPDATE subscriptions SET current_period_end = $2, updated_at = now() WHERE id = $1 AND current_period_end < $2',
      [id, periodEnd],
    );
    return rowCount === 1;
  },

  async setRenewal(q: Queryable, id: string, renewal: { autoRenewal: boolean; cancelAtPeriodEnd: boolean }): Promise<void> {
    await q.query('UPDATE subscriptions SET auto_renewal = $2, cancel_at_period_end = $3, updated_at = now() WHERE id = $1', [
      id,
      renewal.autoRenewal,
      renewal.cancelAtPeriodEnd,
    ]);
  },

  /** The catalogue's plan (catalogue/repo.ts). */
  plan: (q: Queryable, planId: string): Promise<PlanRow | undefined> => catalogueRepo.plan(q, planId),
};

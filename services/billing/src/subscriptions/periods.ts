import { randomBytes } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import { membership } from './membership';
import { type BillingCycle, priceOf, type SubscriptionRow, subscriptionsRepo } from './repo';

export const DAY_MS = 24 * 60 * 60 * 1000;
export const periodMs = (cycle: BillingCycle) => (cycle === 'monthly' ? 30 : 365) * DAY_MS;

/**
 * How long a Stripe subscription that should renew keeps its level past its period end while
 * Stripe collects the renewal: Stripe invoices at the period end, charges about an hour later
 * and retries a failed charge over days, telling us by webhook (invoice.paid extends it,
 * customer.subscription.deleted ends it). Three days covers the first retries; after that,
 * unpaid (past_due) or with no word from Stripe, the subscription expires here and is
 * cancelled at Stripe, so a late successful retry cannot charge for a period not given.
 */
export const STRIPE_RENEWAL_GRACE_MS = 3 * DAY_MS;

/**
 * Renews or expires the user's active subscription if its period is over, in the caller's
 * transaction (which holds the user's account locked, so two readers, or a reader and the
 * sweep, settle a period once). Demo subscriptions with auto-renewal renew here (a new period
 * and payment); Stripe renews its own and tells us by webhook; everything else expires to free.
 * A renewing Stripe subscription past its grace expires only when `stripeSynced` says it was
 * just brought up to date from Stripe (the sweep does that): a reader leaves it to the sweep
 * rather than end a subscription whose renewal webhook may merely be late.
 */
export async function settlePeriods(
  tx: Queryable,
  userId: string,
  now: Date,
  options: { stripeSynced?: boolean } = {},
): Promise<SubscriptionRow | undefined> {
  let sub = await subscriptionsRepo.active(tx, userId);
  while (sub && sub.current_period_end.getTime() <= now.getTime()) {
    const renews = sub.auto_renewal && !sub.cancel_at_period_end;
    if (sub.provider === 'stripe' && renews && (!options.stripeSynced || withinGrace(sub, now))) return sub;
    if (sub.provider === 'demo' && renews) {
      sub = await renewDemo(tx, sub);
    } else {
      await membership.expire(tx, sub);
      sub = undefined;
    }
  }
  return sub;
}

/** True while a renewing Stripe subscription past its period end may still be paid (STRIPE_RENEWAL_GRACE_MS). */
export const withinGrace = (sub: Pick<SubscriptionRow, 'current_period_end'>, now: Date) =>
  sub.current_period_end.getTime() + STRIPE_RENEWAL_GRACE_MS > now.getTime();

async function renewDemo(tx: Queryable, sub: SubscriptionRow): Promise<SubscriptionRow> {
  const plan = await subscriptionsRepo.plan(tx, sub.plan_id);
  const end = new Date(sub.current_period_end.getTime() + periodMs(sub.billing_cycle));
  await subscriptionsRepo.extendTo(tx, sub.id, end);
  if (plan) {
    await membership.recordPayment(tx, {
      userId: sub.user_id,
      plan,
      amount: priceOf(plan, sub.billing_cycle) ?? 0,
      currency: plan.currency,
      provider: 'demo',
      providerPaymentId: `in_demo_${randomBytes(10).toString('hex')}`,
      status: 'completed',
    });
  }
  await writeOutbox(
    tx,
    newEvent(
      'subscription.renewed',
      eventData('subscription.renewed', {
        subscriptionId: sub.id,
        userId: sub.user_id,
        planId: sub.plan_id,
        level: sub.level,
        periodEnd: end.toISOString(),
      }),
    ),
  );
  return { ...sub, current_period_end: end };
}

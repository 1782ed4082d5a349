import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { eventData } from '@stockai/contracts';
import { type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import { membership } from './membership';
import { withinGrace } from './periods';
import { type BillingCycle, type SubscriptionRow, subscriptionsRepo } from './repo';

/**
 * Stripe's state of a subscription applied here, in the user's transaction (stripe.ts fetches
 * it and calls Stripe after the commit). A period is granted only when paid: a paid invoice's
 * line period moves the period end forward, never an update of the subscription (Stripe moves
 * its period at the renewal, before the charge). An ended subscription stays ended; one that
 * ended here while Stripe still runs it is marked to be cancelled at Stripe.
 */

/** A Stripe subscription as billing needs it, read from Stripe's current object. */
export interface Snapshot {
  stripeId: string;
  userId: string;
  planId: string;
  cycle: BillingCycle;
  /**
   * `active` (Stripe's active and trialing) gives the level; `past_due` (a renewal unpaid while
   * Stripe retries) keeps it within the period's grace only; `ended` is any state Stripe no
   * longer charges in.
   */
  status: 'incomplete' | 'active' | 'past_due' | 'ended';
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

export const STATUS: Record<string, Snapshot['status']> = {
  incomplete: 'incomplete',
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
};

/** Applies Stripe's state of a subscription here, in the user's transaction. */
export async function applyStripeState(tx: Queryable, snap: Snapshot, now: Date, pendingPaymentId?: string): Promise<void> {
  let row = await subscriptionsRepo.byProviderId(tx, snap.stripeId);
  if (!row) {
    const plan = await subscriptionsRepo.plan(tx, snap.planId);
    if (snap.status === 'ended' || !plan) return;
    await subscriptionsRepo.insert(tx, {
      id: randomUUID(),
      userId: snap.userId,
      plan,
      cycle: snap.cycle,
      status: 'incomplete',
      periodEnd: snap.periodEnd,
      autoRenewal: true,
      cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
      provider: 'stripe',
      providerSubscriptionId: snap.stripeId,
      pendingPaymentId,
    });
    row = (await subscriptionsRepo.byProviderId(tx, snap.stripeId)) as SubscriptionRow;
  }
  if (row.status === 'canceled' || row.status === 'expired') {
    // Ended here (by its member, an admin, a newer subscription or the sweep) while Stripe still
    // runs it: cancelled at Stripe after the commit, or Stripe would go on charging for nothing.
    if (snap.status !== 'ended' && !row.processor_cancel_due) await subscriptionsRepo.setCancelDue(tx, row.id, true);
    return;
  }

  if (snap.status === 'ended') {
    if (row.status === 'incomplete') await subscriptionsRepo.setStatus(tx, row.id, 'canceled');
    else if (row.cancel_at_period_end || row.current_period_end.getTime() <= now.getTime()) await membership.expire(tx, row);
    else await membership.endNow(tx, row, true);
    // Stripe ended it itself: nothing to tell it.
    await subscriptionsRepo.setCancelDue(tx, row.id, false);
    return;
  }
  if (snap.status === 'past_due' && row.status === 'active' && !withinGrace(row, now)) {
    await membership.expire(tx, row);
    return;
  }

  if (row.cancel_at_period_end !== snap.cancelAtPeriodEnd) {
    await subscriptionsRepo.setRenewal(tx, row.id, {
      autoRenewal: row.auto_renewal || !snap.cancelAtPeriodEnd,
      cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    });
    // Announced unless the user had already turned renewal off here.
    if (snap.cancelAtPeriodEnd && row.auto_renewal && row.status === 'active') {
      await writeOutbox(
        tx,
        newEvent(
          'subscription.canceled',
          eventData('subscription.canceled', { subscriptionId: row.id, userId: row.user_id, planId: row.plan_id, atPeriodEnd: true }),
        ),
      );
    }
  }
  if (snap.status === 'active' && row.status === 'incomplete') {
    // Its first invoice is paid (Stripe is active only then): the first period starts.
    const periodEnd = new Date(Math.max(row.current_period_end.getTime(), snap.periodEnd.getTime()));
    await subscriptionsRepo.extendTo(tx, row.id, periodEnd);
    await membership.activate(tx, { ...row, current_period_end: periodEnd });
  }
}

/**
 * Records a paid invoice once (the money moved at Stripe, whatever state the subscription is
 * in here); for a subscription still running here, its line period is the paid period, and
 * a renewal's announces it.
 */
export async function recordPaidInvoice(tx: Queryable, snap: Snapshot, invoice: Stripe.Invoice) {
  const row = await subscriptionsRepo.byProviderId(tx, snap.stripeId);
  const plan = await subscriptionsRepo.plan(tx, snap.planId);
  if (!row || !plan) return;
  const running = row.status === 'active' || row.status === 'incomplete';
  const lineEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period.end));
  if (running && lineEnd > 0) await subscriptionsRepo.extendTo(tx, row.id, new Date(lineEnd * 1000));
  const first = await membership.recordPayment(tx, {
    userId: snap.userId,
    plan,
    amount: invoice.amount_paid,
    currency: invoice.currency.toUpperCase(),
    provider: 'stripe',
    providerPaymentId: invoice.id,
    status: 'completed',
  });
  if (first && invoice.billing_reason === 'subscription_cycle') {
    const { current_period_end: end, status } = (await subscriptionsRepo.byProviderId(tx, snap.stripeId)) as SubscriptionRow;
    if (status === 'active') {
      await writeOutbox(
        tx,
        newEvent(
          'subscription.renewed',
          eventData('subscription.renewed', {
            subscriptionId: row.id,
            userId: row.user_id,
            planId: row.plan_id,
            level: row.level,
            periodEnd: end.toISOString(),
          }),
        ),
      );
    }
  }
}

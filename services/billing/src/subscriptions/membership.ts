import { randomUUID } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import { setAccountLevel } from '../credits/service';
import { paymentsRepo } from '../payments/repo';
import { type Level, type PlanRow, type SubscriptionRow, subscriptionsRepo } from './repo';

/**
 * The changes of membership every processor shares, each written with its events in the
 * caller's transaction (which holds the user's credit account locked).
 */
export const membership = {
  /** Sets the account's level (the credit account's own rules, credits/service.ts) and publishes the change. */
  async changeLevel(tx: Queryable, userId: string, level: Level, reason: string) {
    const previousLevel = await setAccountLevel(tx, userId, level, reason);
    if (previousLevel)
      await writeOutbox(tx, newEvent('membership.changed', eventData('membership.changed', { userId, level, previousLevel })));
  },

  /**
   * Makes `sub` (new, or waiting for its first payment) the user's active subscription and
   * announces it; a previous active one ends at once (its unused time is not carried over; a
   * card processor's is cancelled there too, see `endNow`). The level is the caller's to set.
   */
  async start(tx: Queryable, sub: Pick<SubscriptionRow, 'id' | 'user_id' | 'plan_id' | 'level' | 'current_period_end'>) {
    const previous = await subscriptionsRepo.active(tx, sub.user_id);
    if (previous && previous.id !== sub.id) await this.endNow(tx, previous, false);
    await subscriptionsRepo.setStatus(tx, sub.id, 'active');
    await writeOutbox(
      tx,
      newEvent(
        'subscription.started',
        eventData('subscription.started', {
          subscriptionId: sub.id,
          userId: sub.user_id,
          planId: sub.plan_id,
          level: sub.level,
          periodEnd: sub.current_period_end.toISOString(),
        }),
      ),
    );
  },

  /** `start`, and the level follows the subscription's plan. */
  async activate(tx: Queryable, sub: SubscriptionRow) {
    await this.start(tx, sub);
    await this.changeLevel(tx, sub.user_id, sub.level, `started:${sub.id}`);
  },

  /**
   * Ends `sub` at once (announced); `toFree` also drops the user back to the free level. A
   * Stripe subscription is marked to be cancelled at Stripe after the commit (processor.ts,
   * `cancelEnded`), so Stripe stops charging however it ended here.
   */
  async endNow(tx: Queryable, sub: SubscriptionRow, toFree: boolean) {
    await subscriptionsRepo.end(tx, sub.id, 'canceled');
    await writeOutbox(
      tx,
      newEvent(
        'subscription.canceled',
        eventData('subscription.canceled', { subscriptionId: sub.id, userId: sub.user_id, planId: sub.plan_id, atPeriodEnd: false }),
      ),
    );
    if (toFree) await this.changeLevel(tx, sub.user_id, 'free', `canceled:${sub.id}`);
  },

  /** `sub`'s period is over and it was not renewed: expired, back to free. */
  async expire(tx: Queryable, sub: SubscriptionRow) {
    await subscriptionsRepo.end(tx, sub.id, 'expired');
    await writeOutbox(
      tx,
      newEvent(
        'subscription.expired',
        eventData('subscription.expired', { subscriptionId: sub.id, userId: sub.user_id, planId: sub.plan_id }),
      ),
    );
    await this.changeLevel(tx, sub.user_id, 'free', `expired:${sub.id}`);
  },

  /**
   * Records a subscription payment under the processor's id (an invoice, a payment intent) and
   * announces it, once: a repeat, or a failure reported after the success, changes nothing;
   * a success after a failure (a retried invoice) completes it. True when it changed.
   */
  async recordPayment(
    tx: Queryable,
    p: {
      userId: string;
      plan: PlanRow;
      amount: number;
      currency: string;
      provider: 'stripe' | 'demo';
      providerPaymentId: string;
      status: 'completed' | 'failed';
      reason?: string;
    },
  ): Promise<boolean> {
    const changed = await paymentsRepo.recordOutcome(tx, {
      id: randomUUID(),
      userId: p.userId,
      type: 'subscription',
      packageType: p.plan.id,
      packageName: p.plan.name ?? null,
      credits: 0,
      amount: p.amount,
      currency: p.currency,
      status: p.status,
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
      failureMessage: p.reason,
    });
    if (!changed) return false;
    const base = {
      paymentId: changed.id,
      userId: p.userId,
      price: { amount: p.amount, currency: p.currency },
      provider: p.provider,
      providerPaymentId: p.providerPaymentId,
    };
    if (p.status === 'completed') {
      await writeOutbox(tx, newEvent('payment.confirmed', eventData('payment.confirmed', { ...base, credits: 0 })));
    } else {
      await writeOutbox(tx, newEvent('payment.failed', eventData('payment.failed', { ...base, reason: p.reason ?? 'declined' })));
    }
    return true;
  },
};

import { randomUUID } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { type Database, type Queryable, AppError, badRequest, newEvent, writeOutbox } from '@stockai/platform';
import { membership } from './membership';
import { settlePeriods } from './periods';
import type { SubscriptionProcessor, UserTransaction } from './processor';
import { type BillingCycle, type Level, priceOf, type SubscriptionRow, subscriptionsRepo } from './repo';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Runs `work` with the user's credit account locked, so one user's subscription changes run one at a time. */
export function userTransaction(db: Database, afterCommit: () => void): UserTransaction {
  return async (userId, work) => {
    const result = await db.transaction(async (tx) => {
      await tx.query('SELECT 1 FROM credit_accounts WHERE user_id = $1 FOR UPDATE', [userId]);
      return work(tx);
    });
    afterCommit();
    return result;
  };
}

const noSubscription = () => new AppError(404, 'NO_SUBSCRIPTION', 'You have no active subscription');

/**
 * Subscriptions to paid plans, through the configured card processor (the demo one or
 * Stripe). The active subscription's plan decides the level; every change of level publishes
 * `membership.changed` (auth keeps it on the user) and an upgrade tops today's daily credits
 * up to the new allowance at once. A subscription past its end renews or expires when it is
 * next read (and by the periodic sweep); each period is paid and announced once.
 */
export function subscriptionsService(deps: { db: Database; afterCommit: () => void; processor: SubscriptionProcessor; now?: () => Date }) {
  const now = deps.now ?? (() => new Date());
  const inTransaction = userTransaction(deps.db, deps.afterCommit);
  const { processor } = deps;

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

  const currentView = (tx: Queryable, userId: string) =>
    settlePeriods(tx, userId, now()).then(async (sub) => view(sub, await subscriptionsRepo.level(tx, userId)));

  /** The user's active subscription after settling its period; 404 without one. */
  const activeOrThrow = (userId: string) =>
    inTransaction(userId, async (tx) => {
      const sub = await settlePeriods(tx, userId, now());
      if (!sub) throw noSubscription();
      return sub;
    });

  /** Runs `work` on `sub` if it is still the user's active subscription. */
  const whileActive = <T>(sub: SubscriptionRow, work: (tx: Queryable) => Promise<T>) =>
    inTransaction(sub.user_id, async (tx) => {
      if ((await subscriptionsRepo.active(tx, sub.user_id))?.id !== sub.id) throw noSubscription();
      return work(tx);
    });

  return {
    inTransaction,

    async current(userId: string) {
      const waiting = processor.refresh && (await subscriptionsRepo.incomplete(deps.db, userId));
      if (waiting) await processor.refresh?.(waiting);
      return inTransaction(userId, (tx) => currentView(tx, userId));
    },

    async subscribe(userId: string, input: { planId: string; billingCycle: BillingCycle; autoRenewal: boolean; paymentMethodId?: string }, requestId: string = randomUUID()) {
      const plan = await subscriptionsRepo.plan(deps.db, input.planId);
      if (!plan) throw badRequest(`planId: there is no plan ${input.planId}`, 'UNKNOWN_PLAN');
      if (plan.level_type === 'free') {
        // Choosing the free plan ends a paid subscription at once.
        const existing = await inTransaction(userId, (tx) => settlePeriods(tx, userId, now()));
        if (existing) await this.cancel(userId, true);
        return { success: true, status: 'active' as const, ...view(undefined, 'free') };
      }
      const amount = priceOf(plan, input.billingCycle);
      if (amount === null) throw badRequest(`billingCycle: the plan ${plan.id} has no ${input.billingCycle} price`, 'NO_SUCH_PRICE');
      const outcome = await processor.subscribe({ userId, plan, cycle: input.billingCycle, amount, autoRenewal: input.autoRenewal, paymentMethodId: input.paymentMethodId, requestId });
      const state = await inTransaction(userId, (tx) => currentView(tx, userId));
      if (outcome.status === 'requires_action') {
        return { success: false, status: 'requires_action' as const, clientSecret: outcome.clientSecret, paymentIntentId: outcome.paymentIntentId, ...state };
      }
      return { success: true, status: 'active' as const, ...state };
    },

    /** `immediate`: end now and go back to free; otherwise stop at the end of the paid period. */
    async cancel(userId: string, immediate: boolean) {
      const sub = await activeOrThrow(userId);
      if (immediate) {
        await processor.cancelNow(sub);
        return whileActive(sub, async (tx) => {
          await membership.endNow(tx, sub, true);
          return { success: true, ...(await currentView(tx, userId)) };
        });
      }
      await processor.setCancelAtPeriodEnd(sub, true);
      return whileActive(sub, async (tx) => {
        const current = (await subscriptionsRepo.active(tx, userId)) as SubscriptionRow;
        if (!current.cancel_at_period_end) {
          await subscriptionsRepo.setRenewal(tx, sub.id, { autoRenewal: current.auto_renewal, cancelAtPeriodEnd: true });
          await writeOutbox(tx, newEvent('subscription.canceled', eventData('subscription.canceled', { subscriptionId: sub.id, userId, planId: sub.plan_id, atPeriodEnd: true })));
        }
        return { success: true, ...(await currentView(tx, userId)) };
      });
    },

    /** Turning auto-renewal on also withdraws a cancellation at period end. */
    async setAutoRenewal(userId: string, autoRenewal: boolean) {
      const sub = await activeOrThrow(userId);
      const cancelAtPeriodEnd = autoRenewal ? false : sub.cancel_at_period_end;
      // At Stripe, "no auto-renewal" is a cancellation at the period end.
      await processor.setCancelAtPeriodEnd(sub, !autoRenewal);
      return whileActive(sub, async (tx) => {
        await subscriptionsRepo.setRenewal(tx, sub.id, { autoRenewal, cancelAtPeriodEnd });
        return { success: true, ...(await currentView(tx, userId)) };
      });
    },

    /** The periodic sweep's and the readers' settlement of one user's period (see periods.ts). */
    settle(userId: string) {
      return inTransaction(userId, (tx) => settlePeriods(tx, userId, now()));
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;

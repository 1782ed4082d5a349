import { randomUUID } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { type Database, type Queryable, AppError, badRequest, conflict, newEvent, writeOutbox } from '@stockai/platform';
import type { CreditsService } from '../credits/service';
import { membership } from './membership';
import { DAY_MS, settlePeriods } from './periods';
import type { SubscriptionProcessor, UserTransaction } from './processor';
import { type BillingCycle, type Level, type PlanRow, priceOf, type SubscriptionRow, subscriptionsRepo } from './repo';

/** A subscribe request that has held its claim this long died (the card processor's calls time out well before). */
const SUBSCRIBE_CLAIM_STALE_MS = 5 * 60 * 1000;
/** An incomplete subscription waits this long for its card's authentication (Stripe's own window is 23 hours). */
const PENDING_FOR_MS = DAY_MS;

const noSubscription = () => new AppError(404, 'NO_SUBSCRIPTION', 'You have no active subscription');

/**
 * Subscriptions to paid plans, through the configured card processor (the demo one or
 * Stripe). The active subscription's plan decides the level; every change of level publishes
 * `membership.changed` (auth keeps it on the user) and an upgrade tops today's daily credits
 * up to the new allowance at once. A subscription past its end renews or expires when it is
 * next read (and by the periodic sweep); each period is paid and announced once.
 *
 * One subscribe request per member runs at a time (a second one meanwhile gets 409), and
 * subscribing again to the plan and cycle one already has, or is completing, gets 409: so a
 * double click or a retry never charges twice. Subscribing to another plan or cycle starts the
 * new subscription now, for a full paid period; the old one ends at once (its remaining time
 * is not carried over) and is cancelled at its card processor, reliably (marked in the same
 * transaction, retried by the sweep until the processor confirms).
 */
export function subscriptionsService(deps: {
  db: Database;
  /** The credit account, whose lock serialises one user's subscription changes. */
  credits: Pick<CreditsService, 'userTransaction' | 'level'>;
  processor: SubscriptionProcessor;
  now?: () => Date;
  log?: (err: unknown, msg: string) => void;
}) {
  const now = deps.now ?? (() => new Date());
  const inTransaction: UserTransaction = (userId, work) => deps.credits.userTransaction(userId, work);
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
    settlePeriods(tx, userId, now()).then(async (sub) => view(sub, await deps.credits.level(tx, userId)));

  /** The user's active subscription after settling its period; 404 without one. */
  const activeOrThrow = (userId: string) =>
    inTransaction(userId, async (tx) => {
      const sub = await settlePeriods(tx, userId, now());
      if (!sub) throw noSubscription();
      return sub;
    });

  /** Claims the user's one subscribe request in progress, refusing one that would subscribe twice. */
  const claimSubscribe = (userId: string, plan: PlanRow, cycle: BillingCycle) =>
    inTransaction(userId, async (tx) => {
      const active = await settlePeriods(tx, userId, now());
      if (active?.plan_id === plan.id && active.billing_cycle === cycle) {
        throw conflict(
          `You already have the ${plan.id} plan, billed ${cycle}; to keep it after this period, turn auto-renewal on instead of subscribing again`,
          'ALREADY_SUBSCRIBED',
        );
      }
      // The plan's other cycle is no new purchase either: the monthly and the yearly price fired
      // together would otherwise both be charged, the second ending the first (issue 17).
      if (active?.plan_id === plan.id) {
        throw conflict(
          `You already have the ${plan.id} plan, billed ${active.billing_cycle} until ${active.current_period_end.toISOString().slice(0, 10)}; to be billed ${cycle} instead, turn auto-renewal off and subscribe again once it ends`,
          'ALREADY_SUBSCRIBED',
        );
      }
      const pending = await subscriptionsRepo.incomplete(tx, userId);
      if (pending?.plan_id === plan.id && pending.created_at.getTime() > now().getTime() - PENDING_FOR_MS) {
        throw conflict(
          `Your subscription to the ${plan.id} plan (${pending.billing_cycle}) is waiting for your card's authentication; complete it instead of subscribing again`,
          'SUBSCRIPTION_PENDING',
        );
      }
      if (
        !(await subscriptionsRepo.claimSubscribe(tx, userId, { planId: plan.id, cycle }, new Date(Date.now() - SUBSCRIBE_CLAIM_STALE_MS)))
      ) {
        throw conflict('Another subscription request of yours is being processed; please wait for it to finish', 'SUBSCRIBE_IN_PROGRESS');
      }
    });

  /** Runs `work` on `sub` if it is still the user's active subscription, with that subscription as it stands now. */
  const whileActive = <T>(sub: SubscriptionRow, work: (tx: Queryable, current: SubscriptionRow) => Promise<T>) =>
    inTransaction(sub.user_id, async (tx) => {
      const current = await subscriptionsRepo.active(tx, sub.user_id);
      if (current?.id !== sub.id) throw noSubscription();
      return work(tx, current);
    });

  return {
    inTransaction,

    async current(userId: string) {
      const waiting = processor.refresh && (await subscriptionsRepo.incomplete(deps.db, userId));
      // A read must not fail because the processor does not answer; its webhook will bring the news.
      if (waiting)
        await processor.refresh?.(waiting).catch((err: unknown) => deps.log?.(err, 'could not refresh a subscription from its processor'));
      return inTransaction(userId, (tx) => currentView(tx, userId));
    },

    async subscribe(
      userId: string,
      input: { planId: string; billingCycle: BillingCycle; autoRenewal: boolean; paymentMethodId?: string },
      requestId: string = randomUUID(),
    ) {
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
      await claimSubscribe(userId, plan, input.billingCycle);
      const outcome = await processor
        .subscribe({
          userId,
          plan,
          cycle: input.billingCycle,
          amount,
          autoRenewal: input.autoRenewal,
          paymentMethodId: input.paymentMethodId,
          requestId,
        })
        .finally(() => subscriptionsRepo.releaseSubscribe(deps.db, userId));
      const state = await inTransaction(userId, (tx) => currentView(tx, userId));
      if (outcome.status === 'requires_action') {
        return {
          success: false,
          status: 'requires_action' as const,
          clientSecret: outcome.clientSecret,
          paymentIntentId: outcome.paymentIntentId,
          ...state,
        };
      }
      return { success: true, status: 'active' as const, ...state };
    },

    /** `immediate`: end now and go back to free; otherwise stop at the end of the paid period. */
    async cancel(userId: string, immediate: boolean) {
      const sub = await activeOrThrow(userId);
      if (immediate) {
        await processor.cancelNow(sub);
        const ended = await whileActive(sub, async (tx) => {
          await membership.endNow(tx, sub, true);
          return { success: true, ...(await currentView(tx, userId)) };
        });
        await processor.cancelEnded(userId);
        return ended;
      }
      await processor.setCancelAtPeriodEnd(sub, true);
      return whileActive(sub, async (tx, current) => {
        if (!current.cancel_at_period_end) {
          await subscriptionsRepo.setRenewal(tx, sub.id, { autoRenewal: current.auto_renewal, cancelAtPeriodEnd: true });
          await writeOutbox(
            tx,
            newEvent(
              'subscription.canceled',
              eventData('subscription.canceled', { subscriptionId: sub.id, userId, planId: sub.plan_id, atPeriodEnd: true }),
            ),
          );
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

    /**
     * The periodic sweep's settlement of one user (see periods.ts): a card processor's
     * subscription past its end is first brought up to date from the processor (a missed
     * renewal webhook must not end a paid subscription; throws, expiring nothing, when the
     * processor does not answer), and subscriptions that ended here are cancelled there.
     */
    async settle(userId: string) {
      const active = await subscriptionsRepo.active(deps.db, userId);
      if (active && active.current_period_end.getTime() <= now().getTime()) await processor.refresh?.(active);
      const settled = await inTransaction(userId, (tx) => settlePeriods(tx, userId, now(), { stripeSynced: true }));
      await processor.cancelEnded(userId);
      return settled;
    },
  };
}

export type SubscriptionsService = ReturnType<typeof subscriptionsService>;

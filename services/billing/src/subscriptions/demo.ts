import { randomBytes, randomUUID } from 'node:crypto';
import { badRequest } from '@stockai/platform';
import { DEMO_CARDS, type DemoProcessor, cardDeclined } from '../payments/processor';
import { membership } from './membership';
import { periodMs, settlePeriods } from './periods';
import type { SubscribeRequest, SubscriptionProcessor, UserTransaction } from './processor';
import { type PlanRow, type SubscriptionRow, subscriptionsRepo } from './repo';

/**
 * Subscriptions with the demo card processor; the card number is the `paymentMethodId`:
 * 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined, 4000 0027 6000 3184 needs the
 * card's authentication: the subscription waits (`incomplete`, no level yet) for the demo
 * intent returned with it, and `completeAuthenticated` starts it once that is authenticated.
 * Periods renew at their end (periods.ts).
 */
export function demoSubscriptions(deps: { demo: DemoProcessor; inTransaction: UserTransaction; now: () => Date }) {
  const { inTransaction, now } = deps;

  const payment = (
    request: { userId: string; plan: PlanRow; amount: number },
    providerPaymentId: string,
    status: 'completed' | 'failed',
  ) => ({
    userId: request.userId,
    plan: request.plan,
    amount: request.amount,
    currency: request.plan.currency,
    provider: 'demo' as const,
    providerPaymentId,
    status,
    reason: status === 'failed' ? 'Your card was declined.' : undefined,
  });

  const newSubscription = (request: SubscribeRequest, status: 'active' | 'incomplete', pendingPaymentId?: string) => ({
    id: randomUUID(),
    userId: request.userId,
    plan: request.plan,
    cycle: request.cycle,
    status,
    periodEnd: new Date(now().getTime() + periodMs(request.cycle)),
    autoRenewal: request.autoRenewal,
    cancelAtPeriodEnd: false,
    provider: 'demo' as const,
    providerSubscriptionId: `sub_demo_${randomBytes(10).toString('hex')}`,
    pendingPaymentId,
  });

  const processor: SubscriptionProcessor = {
    async subscribe(request) {
      const card = (request.paymentMethodId ?? '').replace(/[\s-]/g, '');
      if (card === DEMO_CARDS.declined) {
        await inTransaction(request.userId, (tx) =>
          membership.recordPayment(tx, payment(request, `in_demo_${randomBytes(10).toString('hex')}`, 'failed')),
        );
        throw cardDeclined();
      }
      if (card === DEMO_CARDS.requiresAction) {
        const intent = await deps.demo.createIntent({
          amount: request.amount,
          currency: request.plan.currency.toLowerCase(),
          metadata: { userId: request.userId, planId: request.plan.id, billingCycle: request.cycle },
          idempotencyKey: `subscribe:${request.userId}:${request.requestId}`,
        });
        const pending = await deps.demo.payCard(intent.id, intent.clientSecret, card);
        await inTransaction(request.userId, async (tx) => {
          if (!(await subscriptionsRepo.byPendingPayment(tx, intent.id)))
            await subscriptionsRepo.insert(tx, newSubscription(request, 'incomplete', intent.id));
        });
        return { status: 'requires_action', clientSecret: pending.clientSecret, paymentIntentId: pending.id };
      }
      if (card !== DEMO_CARDS.succeeds) {
        throw badRequest(
          'paymentMethodId: demo mode accepts the test cards 4242 4242 4242 4242, 4000 0000 0000 0002 and 4000 0027 6000 3184',
          'UNKNOWN_TEST_CARD',
        );
      }
      await inTransaction(request.userId, async (tx) => {
        await settlePeriods(tx, request.userId, now());
        const sub = newSubscription(request, 'incomplete');
        await subscriptionsRepo.insert(tx, sub);
        await membership.activate(tx, (await subscriptionsRepo.byProviderId(tx, sub.providerSubscriptionId)) as SubscriptionRow);
        await membership.recordPayment(tx, payment(request, `in_demo_${randomBytes(10).toString('hex')}`, 'completed'));
      });
      return { status: 'active' };
    },
    // The demo processor keeps no subscriptions of its own: nothing to tell it.
    async cancelNow() {},
    async setCancelAtPeriodEnd() {},
    async cancelEnded() {},
  };

  return {
    processor,

    /** The demo card authentication of `paymentIntentId` succeeded: the subscription waiting for it starts, once. */
    async completeAuthenticated(paymentIntentId: string) {
      const intent = await deps.demo.retrieveIntent(paymentIntentId);
      const { userId } = intent.metadata;
      if (!userId || intent.status !== 'succeeded') return;
      await inTransaction(userId, async (tx) => {
        const sub = await subscriptionsRepo.byPendingPayment(tx, paymentIntentId);
        const plan = sub && (await subscriptionsRepo.plan(tx, sub.plan_id));
        if (!sub || !plan) return;
        const periodEnd = new Date(now().getTime() + periodMs(sub.billing_cycle));
        await subscriptionsRepo.extendTo(tx, sub.id, periodEnd);
        await membership.activate(tx, { ...sub, current_period_end: periodEnd });
        await membership.recordPayment(tx, payment({ userId, plan, amount: intent.amount }, intent.id, 'completed'));
      });
    },
  };
}

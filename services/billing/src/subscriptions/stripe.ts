import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { eventData } from '@stockai/contracts';
import { type Database, type Queryable, AppError, badRequest, newEvent, writeOutbox } from '@stockai/platform';
import { atStripe, isCardError } from '../stripe/client';
import { stripeCatalogue } from '../stripe/catalogue';
import { membership } from './membership';
import type { SubscribeRequest, SubscriptionProcessor, UserTransaction } from './processor';
import { type BillingCycle, type SubscriptionRow, subscriptionsRepo } from './repo';

/** A Stripe subscription as billing needs it, read from Stripe's current object. */
interface Snapshot {
  stripeId: string;
  userId: string;
  planId: string;
  cycle: BillingCycle;
  /** `active` gives the level (Stripe's active, trialing and past_due: Stripe is still collecting). */
  status: 'incomplete' | 'active' | 'ended';
  periodEnd: Date;
  cancelAtPeriodEnd: boolean;
}

const STATUS: Record<string, Snapshot['status']> = { incomplete: 'incomplete', active: 'active', trialing: 'active', past_due: 'active' };
const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);
const declined = (message?: string | null) => new AppError(402, 'CARD_DECLINED', message ?? 'Your card was declined.');

/**
 * Subscriptions through Stripe: a customer per user, the plan's price on each subscription,
 * the first invoice charged to the card at once (`allow_incomplete`: a card that needs
 * authentication leaves the subscription incomplete and hands its client secret to the
 * browser). Stripe then renews, retries and ends subscriptions itself and says so by webhook.
 *
 * Webhooks may come late, twice or out of order, so none is applied as it reads: each one
 * makes billing fetch the subscription's current state from Stripe and apply that (`sync`).
 * Periods only move forward, an ended subscription stays ended, and every invoice is recorded
 * and announced once under its id, so any order and any number of deliveries end the same.
 */
export function stripeSubscriptions(deps: { db: Database; stripe: Stripe; inTransaction: UserTransaction; now: () => Date; log: (err: unknown, msg: string) => void }) {
  const { stripe, inTransaction } = deps;
  const catalogue = stripeCatalogue(deps.db, stripe);

  async function snapshotOf(sub: Stripe.Subscription): Promise<Snapshot | undefined> {
    const userId = sub.metadata.userId ?? (await catalogue.userOfCustomer(idOf(sub.customer) ?? ''));
    const { planId, billingCycle } = sub.metadata;
    const item = sub.items.data[0];
    if (!userId || !planId || !item) return undefined;
    return {
      stripeId: sub.id,
      userId,
      planId,
      cycle: billingCycle === 'monthly' ? 'monthly' : 'yearly',
      status: STATUS[sub.status] ?? 'ended',
      periodEnd: new Date(item.current_period_end * 1000),
      cancelAtPeriodEnd: sub.cancel_at_period_end,
    };
  }

  /** Applies Stripe's state of a subscription here; returns a subscription it replaced. */
  async function apply(tx: Queryable, snap: Snapshot, pendingPaymentId?: string): Promise<SubscriptionRow | undefined> {
    let row = await subscriptionsRepo.byProviderId(tx, snap.stripeId);
    if (!row) {
      const plan = await subscriptionsRepo.plan(tx, snap.planId);
      if (snap.status === 'ended' || !plan) return undefined;
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
    if (row.status === 'canceled' || row.status === 'expired') return undefined;

    if (snap.status === 'ended') {
      if (row.status === 'incomplete') await subscriptionsRepo.setStatus(tx, row.id, 'canceled');
      else if (row.cancel_at_period_end || row.current_period_end.getTime() <= deps.now().getTime()) await membership.expire(tx, row);
      else await membership.endNow(tx, row, true);
      return undefined;
    }

    await subscriptionsRepo.extendTo(tx, row.id, snap.periodEnd);
    if (row.cancel_at_period_end !== snap.cancelAtPeriodEnd) {
      await subscriptionsRepo.setRenewal(tx, row.id, { autoRenewal: row.auto_renewal || !snap.cancelAtPeriodEnd, cancelAtPeriodEnd: snap.cancelAtPeriodEnd });
      // Announced unless the user had already turned renewal off here.
      if (snap.cancelAtPeriodEnd && row.auto_renewal && row.status === 'active') {
        await writeOutbox(tx, newEvent('subscription.canceled', eventData('subscription.canceled', { subscriptionId: row.id, userId: row.user_id, planId: row.plan_id, atPeriodEnd: true })));
      }
    }
    if (snap.status === 'active' && row.status === 'incomplete') {
      const periodEnd = new Date(Math.max(row.current_period_end.getTime(), snap.periodEnd.getTime()));
      return membership.activate(tx, { ...row, current_period_end: periodEnd });
    }
    return undefined;
  }

  /** Records a paid invoice of `row` once; a renewal's announces the new period. */
  async function recordPaidInvoice(tx: Queryable, snap: Snapshot, invoice: Stripe.Invoice) {
    const row = await subscriptionsRepo.byProviderId(tx, snap.stripeId);
    const plan = await subscriptionsRepo.plan(tx, snap.planId);
    if (!row || !plan) return;
    const lineEnd = Math.max(0, ...invoice.lines.data.map((line) => line.period.end));
    if (lineEnd > 0) await subscriptionsRepo.extendTo(tx, row.id, new Date(lineEnd * 1000));
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
          newEvent('subscription.renewed', eventData('subscription.renewed', { subscriptionId: row.id, userId: row.user_id, planId: row.plan_id, level: row.level, periodEnd: end.toISOString() })),
        );
      }
    }
  }

  /** Cancels `stripeId` at Stripe unless it has ended there already. */
  async function cancelAtStripe(stripeId: string) {
    const sub = await stripe.subscriptions.retrieve(stripeId);
    if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await stripe.subscriptions.cancel(stripeId);
  }

  /** A subscription replaced by a newer one ends at Stripe too (it was ended here already). */
  async function cancelReplaced(replaced: SubscriptionRow | undefined) {
    if (replaced?.provider === 'stripe' && replaced.provider_subscription_id) await cancelAtStripe(replaced.provider_subscription_id);
  }

  /**
   * Fetches the subscription from Stripe and applies it; `invoice` (a paid one, from the
   * webhook) is recorded with it. Without one, the latest invoice is recorded if it is paid.
   */
  async function sync(stripeId: string, invoice?: Stripe.Invoice): Promise<void> {
    const sub = await stripe.subscriptions.retrieve(stripeId, { expand: ['latest_invoice'] });
    const snap = await snapshotOf(sub);
    if (!snap) return;
    const latest = typeof sub.latest_invoice === 'object' ? sub.latest_invoice : undefined;
    const paid = invoice ?? (latest?.status === 'paid' ? latest : undefined);
    const replaced = await inTransaction(snap.userId, async (tx) => {
      const previous = await apply(tx, snap);
      if (paid) await recordPaidInvoice(tx, snap, paid);
      return previous;
    });
    await cancelReplaced(replaced);
  }

  const subscriptionOf = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

  async function subscribe(request: SubscribeRequest) {
    if (!request.paymentMethodId) throw badRequest('paymentMethodId: is required', 'PAYMENT_METHOD_REQUIRED');
    const customer = await catalogue.customerFor(request.userId);
    const product = await catalogue.productFor(request.plan);
    let created: Stripe.Subscription;
    try {
      const method = await stripe.paymentMethods.attach(request.paymentMethodId, { customer });
      created = await stripe.subscriptions.create(
        {
          customer,
          items: [{ price_data: { currency: request.plan.currency.toLowerCase(), product, unit_amount: request.amount, recurring: { interval: request.cycle === 'monthly' ? 'month' : 'year' } } }],
          default_payment_method: method.id,
          cancel_at_period_end: !request.autoRenewal,
          payment_behavior: 'allow_incomplete',
          metadata: { userId: request.userId, planId: request.plan.id, billingCycle: request.cycle },
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: `subscribe:${request.userId}:${request.requestId}` },
      );
    } catch (err) {
      if (isCardError(err)) throw declined(err.message);
      if (err instanceof Error && 'param' in err && err.param === 'payment_method') throw badRequest('paymentMethodId: there is no such payment method', 'UNKNOWN_PAYMENT_METHOD');
      throw err;
    }
    const snap = (await snapshotOf(created)) as Snapshot;
    const invoice = created.latest_invoice as Stripe.Invoice;

    if (snap.status === 'active') {
      const replaced = await inTransaction(request.userId, async (tx) => {
        const previous = await apply(tx, snap);
        await recordPaidInvoice(tx, snap, invoice);
        return previous;
      });
      await cancelReplaced(replaced);
      return { status: 'active' as const };
    }

    const intentId = idOf(invoice.payments?.data[0]?.payment.payment_intent);
    const intent = intentId ? await stripe.paymentIntents.retrieve(intentId) : undefined;
    if (intent?.status === 'requires_action' && intent.client_secret) {
      await inTransaction(request.userId, (tx) => apply(tx, snap, invoice.id));
      return { status: 'requires_action' as const, clientSecret: intent.client_secret, paymentIntentId: intent.id };
    }
    // Declined: no subscription is left waiting for a card that will not pay.
    await stripe.subscriptions.cancel(created.id);
    await inTransaction(request.userId, (tx) =>
      membership.recordPayment(tx, {
        userId: request.userId,
        plan: request.plan,
        amount: invoice.amount_due,
        currency: request.plan.currency,
        provider: 'stripe',
        providerPaymentId: invoice.id,
        status: 'failed',
        reason: intent?.last_payment_error?.message ?? 'Your card was declined.',
      }),
    );
    throw declined(intent?.last_payment_error?.message);
  }

  const processor: SubscriptionProcessor = {
    subscribe: (request) => atStripe(() => subscribe(request)),
    async cancelNow(sub) {
      const stripeId = sub.provider === 'stripe' ? sub.provider_subscription_id : null;
      if (stripeId) await atStripe(() => cancelAtStripe(stripeId));
    },
    async setCancelAtPeriodEnd(sub, cancel) {
      const stripeId = sub.provider === 'stripe' ? sub.provider_subscription_id : null;
      if (stripeId) await atStripe(() => stripe.subscriptions.update(stripeId, { cancel_at_period_end: cancel }));
    },
    async refresh(sub) {
      if (sub.provider !== 'stripe' || !sub.provider_subscription_id) return;
      // A read must not fail because Stripe does not answer; the webhook will bring the news.
      await sync(sub.provider_subscription_id).catch((err: unknown) => deps.log(err, 'could not refresh a Stripe subscription'));
    },
  };

  return {
    processor,

    /** customer.subscription.updated / .deleted. */
    subscriptionChanged: (sub: Stripe.Subscription) => sync(sub.id),

    /** invoice.paid: starts or extends the subscription, records the invoice once. */
    async invoicePaid(invoice: Stripe.Invoice) {
      const stripeId = subscriptionOf(invoice);
      if (stripeId) await sync(stripeId, invoice);
    },

    /** invoice.payment_failed: recorded (once); the level stays while Stripe retries. */
    async invoicePaymentFailed(invoice: Stripe.Invoice) {
      const stripeId = subscriptionOf(invoice);
      const row = stripeId && (await subscriptionsRepo.byProviderId(deps.db, stripeId));
      const plan = row && (await subscriptionsRepo.plan(deps.db, row.plan_id));
      if (!row || !plan) return;
      await inTransaction(row.user_id, (tx) =>
        membership.recordPayment(tx, {
          userId: row.user_id,
          plan,
          amount: invoice.amount_due,
          currency: invoice.currency.toUpperCase(),
          provider: 'stripe',
          providerPaymentId: invoice.id,
          status: 'failed',
          reason: invoice.last_finalization_error?.message ?? 'The renewal payment failed',
        }),
      );
    },
  };
}

export type StripeSubscriptions = ReturnType<typeof stripeSubscriptions>;

import type Stripe from 'stripe';
import { type Database, badRequest } from '@stockai/platform';
import { cardDeclined } from '../payments/processor';
import { atStripe, isCardError } from '../stripe/client';
import { stripeCatalogue } from '../stripe/catalogue';
import { membership } from './membership';
import type { SubscribeRequest, SubscriptionProcessor, UserTransaction } from './processor';
import { subscriptionsRepo } from './repo';
import { type Snapshot, STATUS, applyStripeState, recordPaidInvoice } from './stripe-state';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

/**
 * Subscriptions through Stripe: a customer per user, the plan's price on each subscription,
 * the first invoice charged to the card at once (`allow_incomplete`: a card that needs
 * authentication leaves the subscription incomplete and hands its client secret to the
 * browser). Stripe then renews, retries and ends subscriptions itself and says so by webhook.
 *
 * Webhooks may come late, twice or out of order, so none is applied as it reads: each one
 * makes billing fetch the subscription's current state from Stripe and apply that (`sync`,
 * stripe-state.ts). A subscription that ended here while Stripe still runs it is cancelled at
 * Stripe after the transaction, by whichever webhook, request or sweep sees it next. Every
 * invoice is recorded and announced once under its id.
 */
export function stripeSubscriptions(deps: {
  db: Database;
  stripe: Stripe;
  inTransaction: UserTransaction;
  now: () => Date;
  log: (err: unknown, msg: string) => void;
}) {
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

  /** Cancels `stripeId` at Stripe unless it has ended there already (so a retry is harmless). */
  async function cancelAtStripe(stripeId: string) {
    const sub = await stripe.subscriptions.retrieve(stripeId);
    if (sub.status !== 'canceled' && sub.status !== 'incomplete_expired') await stripe.subscriptions.cancel(stripeId);
  }

  /** See SubscriptionProcessor.cancelEnded. */
  async function cancelEnded(userId?: string) {
    for (const row of await subscriptionsRepo.cancelDue(deps.db, userId)) {
      try {
        if (row.provider_subscription_id) await cancelAtStripe(row.provider_subscription_id);
        await subscriptionsRepo.setCancelDue(deps.db, row.id, false);
      } catch (err) {
        deps.log(err, 'could not cancel an ended subscription at Stripe; the expiry sweep tries again');
      }
    }
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
    await inTransaction(snap.userId, async (tx) => {
      await applyStripeState(tx, snap, deps.now());
      if (paid) await recordPaidInvoice(tx, snap, paid);
    });
    await cancelEnded(snap.userId);
  }

  const subscriptionOf = (invoice: Stripe.Invoice) => idOf(invoice.parent?.subscription_details?.subscription);

  /** Why the invoice's latest payment failed, from its payment intent (the event's copy may lack its payments). */
  async function paymentErrorOf(invoice: Stripe.Invoice): Promise<string | undefined> {
    const current = await stripe.invoices.retrieve(invoice.id, { expand: ['payments'] });
    const intentId = idOf(current.payments?.data[0]?.payment.payment_intent);
    const intent = intentId ? await stripe.paymentIntents.retrieve(intentId) : undefined;
    return intent?.last_payment_error?.message ?? undefined;
  }

  async function subscribe(request: SubscribeRequest) {
    if (!request.paymentMethodId) throw badRequest('paymentMethodId: is required', 'PAYMENT_METHOD_REQUIRED');
    const customer = await catalogue.customerFor(request.userId);
    const product = await catalogue.productFor(request.plan);
    let created: Stripe.Subscription;
    try {
      // Keyed like the subscription, so a retried request gets the same attached method back.
      const method = await stripe.paymentMethods.attach(
        request.paymentMethodId,
        { customer },
        { idempotencyKey: `attach:${request.userId}:${request.requestId}` },
      );
      created = await stripe.subscriptions.create(
        {
          customer,
          items: [
            {
              price_data: {
                currency: request.plan.currency.toLowerCase(),
                product,
                unit_amount: request.amount,
                recurring: { interval: request.cycle === 'monthly' ? 'month' : 'year' },
              },
            },
          ],
          default_payment_method: method.id,
          cancel_at_period_end: !request.autoRenewal,
          payment_behavior: 'allow_incomplete',
          metadata: { userId: request.userId, planId: request.plan.id, billingCycle: request.cycle },
          expand: ['latest_invoice.payments'],
        },
        { idempotencyKey: `subscribe:${request.userId}:${request.requestId}` },
      );
    } catch (err) {
      if (isCardError(err)) throw cardDeclined(err.message);
      if (err instanceof Error && 'param' in err && err.param === 'payment_method')
        throw badRequest('paymentMethodId: there is no such payment method', 'UNKNOWN_PAYMENT_METHOD');
      throw err;
    }
    const snap = (await snapshotOf(created)) as Snapshot;
    const invoice = created.latest_invoice as Stripe.Invoice;

    if (snap.status === 'active') {
      await inTransaction(request.userId, async (tx) => {
        await applyStripeState(tx, snap, deps.now());
        await recordPaidInvoice(tx, snap, invoice);
      });
      // The subscription it replaced (if any) ends at Stripe too.
      await cancelEnded(request.userId);
      return { status: 'active' as const };
    }

    const intentId = idOf(invoice.payments?.data[0]?.payment.payment_intent);
    const intent = intentId ? await stripe.paymentIntents.retrieve(intentId) : undefined;
    if (intent?.status === 'requires_action' && intent.client_secret) {
      await inTransaction(request.userId, (tx) => applyStripeState(tx, snap, deps.now(), invoice.id));
      return { status: 'requires_action' as const, clientSecret: intent.client_secret, paymentIntentId: intent.id };
    }
    // Declined: no subscription is left waiting for a card that will not pay. (A retry with the
    // same Idempotency-Key gets the same, already cancelled, subscription back from Stripe.)
    await cancelAtStripe(created.id);
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
    throw cardDeclined(intent?.last_payment_error?.message);
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
      if (sub.provider === 'stripe' && sub.provider_subscription_id) await atStripe(() => sync(sub.provider_subscription_id as string));
    },
    cancelEnded,
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

    /**
     * invoice.payment_failed: recorded (once) with the card's reason (the last error of the
     * invoice's payment intent); the level stays while Stripe retries, within the grace.
     */
    async invoicePaymentFailed(invoice: Stripe.Invoice) {
      const stripeId = subscriptionOf(invoice);
      const row = stripeId && (await subscriptionsRepo.byProviderId(deps.db, stripeId));
      const plan = row && (await subscriptionsRepo.plan(deps.db, row.plan_id));
      if (!row || !plan) return;
      const reason = await paymentErrorOf(invoice);
      await inTransaction(row.user_id, (tx) =>
        membership.recordPayment(tx, {
          userId: row.user_id,
          plan,
          amount: invoice.amount_due,
          currency: invoice.currency.toUpperCase(),
          provider: 'stripe',
          providerPaymentId: invoice.id,
          status: 'failed',
          reason: reason ?? 'The renewal payment failed',
        }),
      );
    },
  };
}

export type StripeSubscriptions = ReturnType<typeof stripeSubscriptions>;

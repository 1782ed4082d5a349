import type Stripe from 'stripe';
import { type Database, conflict } from '@stockai/platform';
import type { PaymentsService } from '../payments/service';
import type { StripeReversals } from '../stripe/reversals';
import type { StripeSubscriptions } from '../subscriptions/stripe';
import { webhookEventsRepo } from './repo';

/** How long a delivery may hold an event before a retry of Stripe's may take it over. */
const DEFAULT_STALE_AFTER_MS = 5 * 60 * 1000;

/**
 * Stripe's webhook events, each handled once. Every handler reads the current state from
 * Stripe and applies it idempotently (grants keyed on the payment intent, invoices on their
 * id, refunds and disputes on the payment's cumulative state: payments/reversals.ts), so the
 * processed-event table is what keeps a redelivery cheap, not what keeps it correct: an event
 * handled twice after a crash still counts once.
 */
export function stripeWebhooks(deps: {
  db: Database;
  payments: PaymentsService;
  subscriptions: StripeSubscriptions;
  reversals: StripeReversals;
  staleAfterMs?: number;
}) {
  const { payments, subscriptions, reversals } = deps;
  const chargeOf = (refund: Stripe.Refund) => (typeof refund.charge === 'string' ? refund.charge : refund.charge?.id);
  const handlers: Partial<Record<Stripe.Event['type'], (object: never) => Promise<unknown>>> = {
    'payment_intent.succeeded': (intent: Stripe.PaymentIntent) => payments.settleFromProcessor(intent.id),
    'payment_intent.payment_failed': (intent: Stripe.PaymentIntent) => payments.settleFromProcessor(intent.id),
    'payment_intent.canceled': (intent: Stripe.PaymentIntent) => payments.settleFromProcessor(intent.id),
    'invoice.paid': (invoice: Stripe.Invoice) => subscriptions.invoicePaid(invoice),
    'invoice.payment_failed': (invoice: Stripe.Invoice) => subscriptions.invoicePaymentFailed(invoice),
    'customer.subscription.updated': (sub: Stripe.Subscription) => subscriptions.subscriptionChanged(sub),
    'customer.subscription.deleted': (sub: Stripe.Subscription) => subscriptions.subscriptionChanged(sub),
    'charge.refunded': (charge: Stripe.Charge) => reversals.chargeRefunded(charge.id),
    'charge.refund.updated': async (refund: Stripe.Refund) => {
      const chargeId = chargeOf(refund);
      return chargeId ? reversals.chargeRefunded(chargeId) : { handled: false };
    },
    'charge.dispute.created': (dispute: Stripe.Dispute) => reversals.disputeChanged(dispute.id),
    'charge.dispute.closed': (dispute: Stripe.Dispute) => reversals.disputeChanged(dispute.id),
    // An inquiry turned into a chargeback (funds withdrawn), or money given back before the close.
    'charge.dispute.updated': (dispute: Stripe.Dispute) => reversals.disputeChanged(dispute.id),
    'charge.dispute.funds_withdrawn': (dispute: Stripe.Dispute) => reversals.disputeChanged(dispute.id),
    'charge.dispute.funds_reinstated': (dispute: Stripe.Dispute) => reversals.disputeChanged(dispute.id),
  };

  return {
    /** Handles a verified event; other types are acknowledged and left alone. */
    async receive(event: Stripe.Event): Promise<{ received: true; handled: boolean; duplicate?: true }> {
      const handler = handlers[event.type];
      if (!handler) return { received: true, handled: false };
      const claim = await webhookEventsRepo.claim(deps.db, event, deps.staleAfterMs ?? DEFAULT_STALE_AFTER_MS);
      if (claim === 'done') return { received: true, handled: true, duplicate: true };
      // A non-2xx answer makes Stripe deliver it again later, when the other delivery is done.
      if (claim === 'busy') throw conflict('This event is being handled by another delivery', 'EVENT_IN_PROGRESS');
      try {
        await handler(event.data.object as never);
      } catch (err) {
        await webhookEventsRepo.fail(deps.db, event.id, err instanceof Error ? err.message : String(err));
        throw err;
      }
      await webhookEventsRepo.finish(deps.db, event.id);
      return { received: true, handled: true };
    },
  };
}

export type StripeWebhooks = ReturnType<typeof stripeWebhooks>;

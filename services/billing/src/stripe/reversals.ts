import type Stripe from 'stripe';
import { conflict } from '@stockai/platform';
import type { PaymentReversals, ReversalOutcome } from '../payments/reversals';
import type { PaymentsService } from '../payments/service';
import { atStripe } from './client';

const idOf = (ref: string | { id: string } | null | undefined) => (typeof ref === 'string' ? ref : ref?.id);

/**
 * Dispute states that are final with the money ours: won, an inquiry closed (`warning_closed`)
 * and a dispute prevented, none of which ever becomes a withdrawal again. Any other state but
 * an open inquiry (open, lost, or one this code does not know) holds the money, and the
 * credits stay taken back.
 */
const RELEASED: Stripe.Dispute.Status[] = ['won', 'warning_closed', 'prevented'];

/**
 * An open inquiry has not withdrawn the money, but it may still become a chargeback: it takes
 * nothing, and gives nothing back either (the state read may be older than one already applied).
 */
const OPEN_INQUIRY: Stripe.Dispute.Status[] = ['warning_needs_response', 'warning_under_review'];

/**
 * Stripe's refunds and disputes of a charge, applied to the payment it paid (payments/reversals.ts).
 * Each event is a hint: the charge or dispute is read again from Stripe and its current state
 * applied. A package payment is found by its payment intent (and settled first, so its
 * credits are granted before any is taken back, when its success has not been seen yet); a
 * subscription's by the invoice the intent paid. A payment not recorded here yet answers 409,
 * so Stripe delivers the event again later; a charge of neither kind is left alone.
 */
export function stripeReversals(deps: { stripe: Stripe; payments: PaymentsService; reversals: PaymentReversals }) {
  const { stripe, payments, reversals } = deps;

  /** The payment's id here (its intent's, or its invoice's), or undefined for a charge billing did not sell. */
  async function paymentOfIntent(intentId: string): Promise<string | undefined> {
    if ((await payments.settleFromProcessor(intentId)).handled) return intentId;
    const invoicePayments = await atStripe(() =>
      stripe.invoicePayments.list({ payment: { type: 'payment_intent', payment_intent: intentId }, limit: 1 }),
    );
    return idOf(invoicePayments.data[0]?.invoice);
  }

  async function onPaymentOf(charge: Stripe.Charge, apply: (providerPaymentId: string) => Promise<ReversalOutcome>) {
    const intentId = idOf(charge.payment_intent);
    const paymentId = intentId && (await paymentOfIntent(intentId));
    if (!paymentId) return { handled: false };
    const result = await apply(paymentId);
    if (result.outcome !== 'applied') {
      throw conflict(
        `The payment of charge ${charge.id} is not recorded as paid yet; deliver the event again later`,
        'PAYMENT_NOT_SETTLED',
      );
    }
    return { handled: true, changed: result.changed };
  }

  return {
    /** `charge.refunded`, `charge.refund.updated`: what has been refunded of the charge so far. */
    async chargeRefunded(chargeId: string) {
      const charge = await atStripe(() => stripe.charges.retrieve(chargeId, { expand: ['refunds'] }));
      return onPaymentOf(charge, (paymentId) => reversals.refunded(paymentId, refundedAmount(charge)));
    },

    /** `charge.dispute.*`: a dispute holding the money takes back like a full refund; one decided for us gives back what it took. */
    async disputeChanged(disputeId: string) {
      const dispute = await atStripe(() => stripe.disputes.retrieve(disputeId));
      if (OPEN_INQUIRY.includes(dispute.status)) return { handled: true, changed: false };
      const charge = await atStripe(() => stripe.charges.retrieve(idOf(dispute.charge) as string));
      return onPaymentOf(charge, (paymentId) =>
        RELEASED.includes(dispute.status) ? reversals.disputeWon(paymentId, dispute.id) : reversals.disputed(paymentId, dispute.id),
      );
    },
  };
}

/**
 * What has been refunded of `charge`: its refunds that succeeded or are on their way (a card
 * refund is pending until the bank has it). A refund that failed or was canceled returned
 * nothing. Stripe's own `amount_refunded` is used when the charge has more refunds than one
 * page lists.
 */
function refundedAmount(charge: Stripe.Charge): number {
  const refunds = charge.refunds;
  if (!refunds || refunds.has_more) return charge.amount_refunded;
  return refunds.data.filter((r) => r.status === 'succeeded' || r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
}

export type StripeReversals = ReturnType<typeof stripeReversals>;

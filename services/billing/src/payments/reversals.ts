import { eventData } from '@stockai/contracts';
import { type Database, type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import type { CreditsService } from '../credits/service';
import { type PaymentRow, paymentsRepo } from './repo';
import { SETTLED_STATUSES } from './statuses';

/** How a reversal found the payment: applied (or already applied), not recorded here, or not paid yet. */
export type ReversalOutcome = { outcome: 'applied'; changed: boolean; payment: PaymentRow } | { outcome: 'unknown' | 'unpaid' };

/**
 * Money going back to the card after a payment completed: refunds (in part or in full) and
 * disputes. The processor's current state is applied to the payment (cumulative: what was
 * refunded so far, whether a dispute is open, won or lost), never an event's delta, so the
 * same state applied again, late, or by two deliveries at once changes nothing. The payment
 * row is locked (with the member's account, in the order the payment's own recording takes),
 * so two deliveries apply one after the other and the second finds the state already applied.
 *
 * Credits bought go back in proportion: after a refund, floor(credits × refunded / amount)
 * are due back in all. Only paid credits are taken, never below zero; what the member has
 * already spent is recorded on the payment as its shortfall, for an admin to see. A dispute
 * takes back, like a full refund, all not yet refunded; a dispute won gives back what it took,
 * less what refunds told meanwhile make due.
 *
 * A subscription payment is only marked (its money leaves the revenue): the membership it
 * paid for stays as it is, since a refund is often a goodwill gesture or a partial one; an
 * admin who wants it ended cancels the subscription (docs/decisions/0013).
 */
export function paymentReversals(deps: { db: Database; credits: CreditsService; afterCommit: () => void }) {
  const { db } = deps;

  /** Takes up to `due` paid credits from the payment's member under `key` (the credit account's `takePaidBack`); the number taken. */
  const takeBack = (tx: Queryable, payment: PaymentRow, due: number, key: string) =>
    deps.credits.takePaidBack(tx, payment.user_id, due, key, `payment:${payment.provider_payment_id}`);

  /**
   * Runs `change` on the locked payment when it was paid; kicks the outbox after a change. Each
   * payment row is locked in the order its own recording takes, so the two never wait on each
   * other: a package's row before the member's account (the grant, payments/service.ts), a
   * subscription's after it (subscriptions lock the account first, subscriptions/service.ts).
   */
  async function onPaidPayment(
    providerPaymentId: string,
    change: (tx: Queryable, payment: PaymentRow) => Promise<PaymentRow | undefined>,
  ): Promise<ReversalOutcome> {
    const result = await db.transaction(async (tx): Promise<ReversalOutcome> => {
      // Who paid and for what never changes, so it may be read before any lock is taken.
      const payer = await paymentsRepo.payerOf(tx, providerPaymentId);
      if (payer?.type === 'subscription') await deps.credits.lock(tx, payer.user_id);
      const payment = await paymentsRepo.lockByProviderId(tx, providerPaymentId);
      if (!payment) return { outcome: 'unknown' };
      if (!SETTLED_STATUSES.includes(payment.status)) return { outcome: 'unpaid' };
      const changed = await change(tx, payment);
      return { outcome: 'applied', changed: changed !== undefined, payment: changed ?? payment };
    });
    if (result.outcome === 'applied' && result.changed) deps.afterCommit();
    return result;
  }

  /**
   * Takes back the credits that what has been refunded of `payment` makes due beyond those
   * already due (none while a dispute holds them all); the payment's figures after it. Keyed on
   * the credits due in all, which only grow: each step of a refund has its own key.
   */
  async function takeRefundedCredits(tx: Queryable, payment: PaymentRow): Promise<PaymentRow> {
    if (payment.amount === 0) return payment;
    const dueInAll = Math.min(
      Math.floor((payment.credits * payment.amount_refunded) / payment.amount),
      payment.credits - payment.credits_disputed,
    );
    const due = Math.max(0, dueInAll - payment.credits_refunded);
    if (due === 0) return payment;
    const taken = await takeBack(tx, payment, due, `payment-refund:${payment.provider_payment_id}:${dueInAll}`);
    return { ...payment, credits_refunded: payment.credits_refunded + due, credits_shortfall: payment.credits_shortfall + due - taken };
  }

  /** Publishes the payment's refund figures, cumulative (`payment.refunded`). */
  async function announceRefund(tx: Queryable, saved: PaymentRow) {
    await writeOutbox(
      tx,
      newEvent(
        'payment.refunded',
        eventData('payment.refunded', {
          paymentId: saved.id,
          userId: saved.user_id,
          price: { amount: saved.amount, currency: saved.currency },
          refunded: { amount: saved.amount_refunded, currency: saved.currency },
          fullyRefunded: saved.amount_refunded >= saved.amount,
          credits: saved.credits,
          creditsTakenBack: saved.credits_refunded + saved.credits_disputed - saved.credits_shortfall,
          creditsShortfall: saved.credits_shortfall,
          provider: saved.provider,
          providerPaymentId: saved.provider_payment_id,
        }),
      ),
    );
  }

  /** Completed, or refunded when nothing is left of it; a payment under dispute stays disputed. */
  const statusAfterRefund = (p: PaymentRow) =>
    p.status === 'disputed' ? 'disputed' : p.amount_refunded >= p.amount ? 'refunded' : 'completed';

  return {
    /**
     * Applies that `amountRefunded` (minor units, cumulative) of the payment has been refunded.
     * Refunds only grow at the processor; a lower figure is an older state and changes nothing.
     */
    refunded(providerPaymentId: string, amountRefunded: number): Promise<ReversalOutcome> {
      return onPaidPayment(providerPaymentId, async (tx, payment) => {
        const refunded = Math.min(amountRefunded, payment.amount);
        if (refunded <= payment.amount_refunded || payment.amount === 0) return undefined;
        const next = await takeRefundedCredits(tx, { ...payment, amount_refunded: refunded });
        const saved = await paymentsRepo.saveReversal(tx, { ...next, status: statusAfterRefund(next) });
        await announceRefund(tx, saved);
        return saved;
      });
    },

    /**
     * The cardholder's bank disputes the payment: taken back like a full refund, once per
     * dispute, and never after the dispute was decided for us (a state read before the win but
     * applied after it).
     */
    disputed(providerPaymentId: string, disputeId: string): Promise<ReversalOutcome> {
      return onPaidPayment(providerPaymentId, async (tx, payment) => {
        const [took, released] = await deps.credits.entries(tx, [`payment-dispute:${disputeId}`, `payment-dispute-won:${disputeId}`]);
        if (took || released) return undefined;
        const due = payment.credits - payment.credits_refunded - payment.credits_disputed;
        const taken = await takeBack(tx, payment, due, `payment-dispute:${disputeId}`);
        return paymentsRepo.saveReversal(tx, {
          ...payment,
          status: 'disputed',
          credits_disputed: payment.credits_disputed + due,
          credits_shortfall: payment.credits_shortfall + due - taken,
        });
      });
    },

    /**
     * The dispute was decided for us (or closed without the bank taking the money): what it took
     * is given back, once, and the payment counts again. Refunds told while the dispute held all
     * the credits are taken back now. Decided before anything was taken, the decision is
     * recorded (a zero entry), so a state read earlier and applied later takes nothing.
     */
    disputeWon(providerPaymentId: string, disputeId: string): Promise<ReversalOutcome> {
      return onPaidPayment(providerPaymentId, async (tx, payment) => {
        const [took, gaveBack] = await deps.credits.entries(tx, [`payment-dispute:${disputeId}`, `payment-dispute-won:${disputeId}`]);
        if (gaveBack) return undefined;
        const returned = took ? -took.paid_delta : 0;
        await deps.credits.givePaidBack(
          tx,
          payment.user_id,
          returned,
          `payment-dispute-won:${disputeId}`,
          `payment:${payment.provider_payment_id}`,
        );
        if (!took) return undefined;
        // A charge has one dispute at a time, so all credits disputed are this dispute's.
        const released = {
          ...payment,
          status: 'completed',
          credits_disputed: 0,
          credits_shortfall: payment.credits_shortfall - (payment.credits_disputed - returned),
        };
        const next = await takeRefundedCredits(tx, released);
        const saved = await paymentsRepo.saveReversal(tx, { ...next, status: statusAfterRefund(next) });
        if (next.credits_refunded !== payment.credits_refunded) await announceRefund(tx, saved);
        return saved;
      });
    },
  };
}

export type PaymentReversals = ReturnType<typeof paymentReversals>;

import { eventData } from '@stockai/contracts';
import { type Database, type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import { ledger } from '../credits/ledger';
import type { CreditsService } from '../credits/service';
import { type PaymentRow, paymentsRepo } from './repo';
import { SETTLED_STATUSES } from './views';

/** How a reversal found the payment: applied (or already applied), not recorded here, or not paid yet. */
export type ReversalOutcome = { outcome: 'applied'; changed: boolean; payment: PaymentRow } | { outcome: 'unknown' | 'unpaid' };

/**
 * Money going back to the card after a payment completed: refunds (in part or in full) and
 * disputes. The processor's current state is applied to the payment (cumulative: what was
 * refunded so far, whether a dispute is open, won or lost), never an event's delta, so the
 * same state applied again, late, or by two deliveries at once changes nothing. The payment
 * row is locked first (then the member's account, the order the grant takes), so two
 * deliveries apply one after the other and the second finds the state already applied.
 *
 * Credits bought go back in proportion: after a refund, floor(credits × refunded / amount)
 * are due back in all. Only paid credits are taken, never below zero; what the member has
 * already spent is recorded on the payment as its shortfall, for an admin to see. A dispute
 * takes back, like a full refund, all not yet refunded; a dispute won gives back what it took.
 *
 * A subscription payment is only marked (its money leaves the revenue): the membership it
 * paid for stays as it is, since a refund is often a goodwill gesture or a partial one; an
 * admin who wants it ended cancels the subscription (docs/decisions/0013).
 */
export function paymentReversals(deps: { db: Database; credits: CreditsService; afterCommit: () => void }) {
  const { db } = deps;

  /**
   * Takes up to `due` paid credits from the payment's member under `key` (the whole entry,
   * even when nothing is left to take, marks the step done); the number taken.
   */
  async function takeBack(tx: Queryable, payment: PaymentRow, due: number, key: string): Promise<number> {
    const account = await deps.credits.lockAccount(tx, payment.user_id);
    const taken = Math.min(due, Math.max(0, account?.paid_credits ?? 0));
    const applied = await ledger.apply(tx, {
      userId: payment.user_id,
      kind: 'adjustment',
      paidDelta: -taken,
      dailyDelta: 0,
      idempotencyKey: key,
      reference: `payment:${payment.provider_payment_id}`,
    });
    // The payment row (locked) says the step is not done, so its key cannot be taken.
    if (!applied) throw new Error(`The ledger already holds ${key} but payment ${payment.id} does not show it`);
    return taken;
  }

  /** Runs `change` on the locked payment when it was paid; kicks the outbox after a change. */
  async function onPaidPayment(providerPaymentId: string, change: (tx: Queryable, payment: PaymentRow) => Promise<PaymentRow | undefined>): Promise<ReversalOutcome> {
    const result = await db.transaction(async (tx): Promise<ReversalOutcome> => {
      const payment = await paymentsRepo.lockByProviderId(tx, providerPaymentId);
      if (!payment) return { outcome: 'unknown' };
      if (!SETTLED_STATUSES.includes(payment.status)) return { outcome: 'unpaid' };
      const changed = await change(tx, payment);
      return { outcome: 'applied', changed: changed !== undefined, payment: changed ?? payment };
    });
    if (result.outcome === 'applied' && result.changed) deps.afterCommit();
    return result;
  }

  /** Completed, or refunded when nothing is left of it; a payment under dispute stays disputed. */
  const statusAfterRefund = (p: PaymentRow) => (p.status === 'disputed' ? 'disputed' : p.amount_refunded >= p.amount ? 'refunded' : 'completed');

  return {
    /**
     * Applies that `amountRefunded` (minor units, cumulative) of the payment has been refunded.
     * Refunds only grow at the processor; a lower figure is an older state and changes nothing.
     */
    refunded(providerPaymentId: string, amountRefunded: number): Promise<ReversalOutcome> {
      return onPaidPayment(providerPaymentId, async (tx, payment) => {
        const refunded = Math.min(amountRefunded, payment.amount);
        if (refunded <= payment.amount_refunded || payment.amount === 0) return undefined;
        const dueInAll = Math.min(Math.floor((payment.credits * refunded) / payment.amount), payment.credits - payment.credits_disputed);
        const due = Math.max(0, dueInAll - payment.credits_refunded);
        // Keyed on the credits due in all, which only grow: each step of a refund has its own key.
        const taken = due > 0 ? await takeBack(tx, payment, due, `payment-refund:${payment.provider_payment_id}:${dueInAll}`) : 0;
        const next = { ...payment, amount_refunded: refunded, credits_refunded: payment.credits_refunded + due, credits_shortfall: payment.credits_shortfall + due - taken };
        const saved = await paymentsRepo.saveReversal(tx, { ...next, status: statusAfterRefund(next) });
        const price = { amount: saved.amount, currency: saved.currency };
        await writeOutbox(
          tx,
          newEvent(
            'payment.refunded',
            eventData('payment.refunded', {
              paymentId: saved.id,
              userId: saved.user_id,
              price,
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
        return saved;
      });
    },

    /** The cardholder's bank disputes the payment: taken back like a full refund, once per dispute. */
    disputed(providerPaymentId: string, disputeId: string): Promise<ReversalOutcome> {
      return onPaidPayment(providerPaymentId, async (tx, payment) => {
        if (await ledger.byKey(tx, `payment-dispute:${disputeId}`)) return undefined;
        const due = payment.credits - payment.credits_refunded - payment.credits_disputed;
        const taken = await takeBack(tx, payment, due, `payment-dispute:${disputeId}`);
        return paymentsRepo.saveReversal(tx, { ...payment, status: 'disputed', credits_disputed: payment.credits_disputed + due, credits_shortfall: payment.credits_shortfall + due - taken });
      });
    },

    /** The dispute was decided for us: what it took is given back, once; the payment counts again. */
    disputeWon(providerPaymentId: string, disputeId: string): Promise<ReversalOutcome> {
      return onPaidPayment(providerPaymentId, async (tx, payment) => {
        const [took, gaveBack] = await ledger.byKeys(tx, [`payment-dispute:${disputeId}`, `payment-dispute-won:${disputeId}`]);
        if (!took || gaveBack) return undefined;
        const returned = -took.paid_delta;
        await deps.credits.lockAccount(tx, payment.user_id);
        await ledger.apply(tx, {
          userId: payment.user_id,
          kind: 'adjustment',
          paidDelta: returned,
          dailyDelta: 0,
          idempotencyKey: `payment-dispute-won:${disputeId}`,
          reference: `payment:${payment.provider_payment_id}`,
        });
        // A charge has one dispute at a time, so all credits disputed are this dispute's.
        const next = { ...payment, status: 'completed', credits_disputed: 0, credits_shortfall: payment.credits_shortfall - (payment.credits_disputed - returned) };
        return paymentsRepo.saveReversal(tx, { ...next, status: statusAfterRefund(next) });
      });
    },
  };
}

export type PaymentReversals = ReturnType<typeof paymentReversals>;

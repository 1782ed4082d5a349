import { randomUUID } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { type Database, AppError, badRequest, newEvent, notFound, writeOutbox } from '@stockai/platform';
import { fromMinorUnits } from '../catalogue/money';
import { catalogueRepo } from '../catalogue/repo';
import { type CreditsService } from '../credits/service';
import type { PaymentIntent, PaymentProcessor } from './processor';
import { type PaymentRow, paymentsRepo } from './repo';
import { ABANDONED, SETTLED_STATUSES, UNSUBMITTED_STATUSES } from './statuses';
import { paymentFields } from './views';

/** Stripe's intent statuses as the payments list shows them. */
const PAYMENT_STATUS: Record<PaymentIntent['status'], string> = {
  requires_payment_method: 'requires_payment_method',
  requires_action: 'requires_action',
  processing: 'processing',
  succeeded: 'completed',
  canceled: 'canceled',
};

/**
 * Buying credit packages. The amount comes from the package row, never from the client. The
 * credits are granted when the processor says the intent succeeded — by confirm-payment or
 * by the webhook, whichever comes first — under the key `payment:<intent id>`, so every
 * path and every replay together grant once.
 */
export function paymentsService(deps: { db: Database; processor: PaymentProcessor; credits: CreditsService; afterCommit: () => void }) {
  const { db, processor } = deps;

  /**
   * Records how `intent` stands on `payment`; grants the package's credits once when it succeeded.
   * An intent cancelled before any card was submitted (by the sweep, abandoned.ts) is recorded
   * as abandoned, not as a canceled payment the user would see (statuses.ts).
   */
  async function settleIntent(payment: PaymentRow, intent: PaymentIntent) {
    const failed = intent.status === 'requires_payment_method' && intent.lastError !== null;
    let status = failed ? 'failed' : PAYMENT_STATUS[intent.status];

    const granted = await db.transaction(async (tx) => {
      const current = (await paymentsRepo.lockByProviderId(tx, payment.provider_payment_id)) as PaymentRow;
      if (SETTLED_STATUSES.includes(current.status)) {
        status = current.status;
        return false;
      }
      if (intent.status === 'canceled' && UNSUBMITTED_STATUSES.includes(current.status)) status = ABANDONED;
      await paymentsRepo.setStatus(tx, payment.id, status, intent.lastError);
      const price = { amount: payment.amount, currency: payment.currency };
      if (failed && current.status !== 'failed') {
        await writeOutbox(
          tx,
          newEvent(
            'payment.failed',
            eventData('payment.failed', {
              paymentId: payment.id,
              userId: payment.user_id,
              price,
              provider: payment.provider,
              providerPaymentId: intent.id,
              reason: intent.lastError ?? 'failed',
            }),
          ),
        );
      }
      if (intent.status !== 'succeeded') return false;
      await deps.credits.grantIn(tx, payment.user_id, payment.credits, 'purchase', `payment:${intent.id}`);
      await writeOutbox(
        tx,
        newEvent(
          'payment.confirmed',
          eventData('payment.confirmed', {
            paymentId: payment.id,
            userId: payment.user_id,
            price,
            credits: payment.credits,
            provider: payment.provider,
            providerPaymentId: intent.id,
          }),
        ),
      );
      return true;
    });
    deps.afterCommit();
    return { status, granted, lastError: intent.lastError };
  }

  return {
    async createPaymentIntent(userId: string, packageType: string, requestId: string) {
      const pkg = await catalogueRepo.package(db, packageType);
      if (!pkg) throw badRequest(`packageType: there is no package ${packageType}`, 'UNKNOWN_PACKAGE');
      const amount = pkg.price_minor;
      const intent = await processor.createIntent({
        amount,
        currency: pkg.currency.toLowerCase(),
        metadata: { userId, packageType: pkg.type, credits: String(pkg.credits) },
        idempotencyKey: `create-intent:${userId}:${requestId}`,
      });
      await paymentsRepo.insert(db, {
        id: randomUUID(),
        userId,
        type: 'topup',
        packageType: pkg.type,
        packageName: pkg.name,
        credits: pkg.credits,
        amount,
        currency: pkg.currency,
        status: PAYMENT_STATUS[intent.status],
        provider: processor.name,
        providerPaymentId: intent.id,
      });
      return {
        clientSecret: intent.clientSecret,
        paymentIntentId: intent.id,
        amount: fromMinorUnits(amount),
        currency: pkg.currency,
        credits: pkg.credits,
      };
    },

    /**
     * Asks the processor how the intent stands and records it; grants the package's credits once
     * when it succeeded. Called by confirm-payment (the client) and by the webhook.
     */
    async settle(paymentIntentId: string, forUserId?: string) {
      const payment = await paymentsRepo.byProviderId(db, paymentIntentId);
      if (!payment || (forUserId && payment.user_id !== forUserId)) throw notFound('No such payment', 'PAYMENT_NOT_FOUND');
      return settleIntent(payment, await processor.retrieveIntent(paymentIntentId));
    },

    /** `settle` with the intent already in hand (the sweep just cancelled or read it), so it is not read again. */
    async settleKnown(intent: PaymentIntent) {
      const payment = await paymentsRepo.byProviderId(db, intent.id);
      if (!payment) throw notFound('No such payment', 'PAYMENT_NOT_FOUND');
      return settleIntent(payment, intent);
    },

    /**
     * The webhook's way in: settles the package payment behind `paymentIntentId`, recording it
     * first from the intent's metadata when the webhook beat create-payment-intent's own record.
     * Intents that are not package payments (e.g. a subscription invoice's) are left alone.
     */
    async settleFromProcessor(paymentIntentId: string) {
      const intent = await processor.retrieveIntent(paymentIntentId);
      const { userId, packageType, credits } = intent.metadata;
      if (!userId || !packageType || !credits) return { handled: false };
      await paymentsRepo.insert(db, {
        id: randomUUID(),
        userId,
        type: 'topup',
        packageType,
        // The webhook beat create-payment-intent's own record by moments: the package's name now.
        packageName: (await catalogueRepo.package(db, packageType))?.name ?? null,
        credits: Number(credits),
        amount: intent.amount,
        currency: intent.currency.toUpperCase(),
        status: 'processing',
        provider: processor.name,
        providerPaymentId: intent.id,
      });
      const payment = (await paymentsRepo.byProviderId(db, intent.id)) as PaymentRow;
      return { handled: true, ...(await settleIntent(payment, intent)) };
    },

    /**
     * The demo processor's card submission (`demo/pay`; it has no webhook): records how the
     * user's package payment behind the intent now stands, as Stripe's webhook does, so a
     * declined card lists as failed even if the page never confirms. Intents that are no
     * package payment of this user (a subscription's) are left alone.
     */
    async recordCardSubmitted(paymentIntentId: string, userId: string) {
      const payment = await paymentsRepo.byProviderId(db, paymentIntentId);
      if (!payment || payment.type !== 'topup' || payment.user_id !== userId) return;
      await settleIntent(payment, await processor.retrieveIntent(paymentIntentId));
    },

    async confirmPayment(userId: string, paymentIntentId: string) {
      const result = await this.settle(paymentIntentId, userId);
      if (result.status === 'failed') throw new AppError(402, 'PAYMENT_FAILED', result.lastError ?? 'The payment failed');
      const balance = await deps.credits.balance(userId);
      return { success: result.status === 'completed', status: result.status, credits: balance };
    },
    /** The user's payments: the ones the user submitted a card for (an intent left unpaid is no payment; statuses.ts). */
    async list(userId: string, page: number, limit: number) {
      const { rows, total } = await paymentsRepo.pageOfUser(db, userId, limit, (page - 1) * limit);
      return {
        payments: rows.map((p) => ({
          id: p.id,
          date: p.created_at.toISOString(),
          ...paymentFields(p),
          providerPaymentId: p.provider_payment_id,
        })),
        page,
        pages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },
  };
}

export type PaymentsService = ReturnType<typeof paymentsService>;

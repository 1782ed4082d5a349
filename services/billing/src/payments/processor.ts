import { randomBytes } from 'node:crypto';
import { type Database, AppError, badRequest, notFound } from '@stockai/platform';
import { demoIntentsRepo } from './demo-intents-repo';
import type { PaymentIntent } from './intent';

export type { PaymentIntent };

export interface PaymentProcessor {
  readonly name: 'stripe' | 'demo';
  createIntent(input: {
    amount: number;
    currency: string;
    metadata: Record<string, string>;
    idempotencyKey: string;
  }): Promise<PaymentIntent>;
  retrieveIntent(id: string): Promise<PaymentIntent>;
  /** Cancels an intent nobody paid (as abandoned); an intent that moved on meanwhile refuses or answers as it stands. */
  cancelIntent(id: string): Promise<PaymentIntent>;
}

/** The 402 of a declined card, with the processor's reason when it gives one. */
export const cardDeclined = (message?: string | null) => new AppError(402, 'CARD_DECLINED', message ?? 'Your card was declined.');

/** The demo processor's test cards (Stripe's own test numbers). */
export const DEMO_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresAction: '4000002760003184',
} as const;

/**
 * The demo card processor (the embedded default, and whenever no Stripe key is set): payment
 * intents like Stripe's, kept in billing's database, paid by "cards" through
 * `payCard` (what Stripe.js does in the browser): 4242 4242 4242 4242 succeeds, 4000 0000 0000
 * 0002 is declined, 4000 0027 6000 3184 requires authentication, which `authenticate` completes.
 */
export function demoProcessor(db: Database) {
  const find = async (id: string) => {
    const intent = await demoIntentsRepo.find(db, id);
    if (!intent) throw notFound('No such payment intent', 'PAYMENT_INTENT_NOT_FOUND');
    return intent;
  };
  const setStatus = (id: string, status: PaymentIntent['status'], lastError: string | null = null) =>
    demoIntentsRepo.setStatus(db, id, status, lastError);

  return {
    name: 'demo' as const,

    async createIntent(input: {
      amount: number;
      currency: string;
      metadata: Record<string, string>;
      idempotencyKey: string;
    }): Promise<PaymentIntent> {
      const id = `pi_demo_${randomBytes(12).toString('hex')}`;
      return demoIntentsRepo.insertOnce(db, {
        id,
        clientSecret: `${id}_secret_${randomBytes(12).toString('hex')}`,
        amount: input.amount,
        currency: input.currency,
        metadata: input.metadata,
        idempotencyKey: input.idempotencyKey,
      });
    },

    async retrieveIntent(id: string): Promise<PaymentIntent> {
      return find(id);
    },

    /** As Stripe's cancel: an intent still open is canceled; one that succeeded (or was canceled) stays as it is. */
    async cancelIntent(id: string): Promise<PaymentIntent> {
      return (await demoIntentsRepo.cancelOpen(db, id)) ?? find(id);
    },

    /** Pays the intent with a test card; needs the intent's client secret, as Stripe.js does. */
    async payCard(id: string, clientSecret: string, cardNumber: string): Promise<PaymentIntent> {
      const intent = await find(id);
      if (intent.clientSecret !== clientSecret) throw badRequest('The client secret does not match this payment', 'INVALID_CLIENT_SECRET');
      if (intent.status === 'succeeded') return intent;
      // As Stripe refuses to confirm a canceled intent (the sweep cancels those left unpaid a day).
      if (intent.status === 'canceled')
        throw badRequest(
          'This payment was cancelled because it was not paid within a day; choose the package again to pay',
          'PAYMENT_INTENT_CANCELED',
        );
      const card = cardNumber.replace(/[\s-]/g, '');
      switch (card) {
        case DEMO_CARDS.succeeds:
          return setStatus(id, 'succeeded');
        case DEMO_CARDS.requiresAction:
          return setStatus(id, 'requires_action');
        case DEMO_CARDS.declined:
          await setStatus(id, 'requires_payment_method', 'Your card was declined.');
          throw cardDeclined();
        default:
          throw badRequest(
            'Demo mode accepts only the test cards 4242 4242 4242 4242, 4000 0000 0000 0002 and 4000 0027 6000 3184',
            'UNKNOWN_TEST_CARD',
          );
      }
    },

    /** Completes the card's authentication step (3-D Secure) of an intent that requires it. */
    async authenticate(id: string, clientSecret: string): Promise<PaymentIntent> {
      const intent = await find(id);
      if (intent.clientSecret !== clientSecret) throw badRequest('The client secret does not match this payment', 'INVALID_CLIENT_SECRET');
      if (intent.status !== 'requires_action') return intent;
      return setStatus(id, 'succeeded');
    },
  } satisfies PaymentProcessor & Record<string, unknown>;
}

export type DemoProcessor = ReturnType<typeof demoProcessor>;

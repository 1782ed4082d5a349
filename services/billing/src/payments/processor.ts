import { randomBytes } from 'node:crypto';
import { type Database, AppError, badRequest, notFound } from '@stockai/platform';

/** A card processor's payment intent, in the shape of Stripe's. */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  lastError: string | null;
  metadata: Record<string, string>;
}

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

interface IntentRow {
  id: string;
  client_secret: string;
  amount: number;
  currency: string;
  status: PaymentIntent['status'];
  last_error: string | null;
  metadata: Record<string, string>;
}

const toIntent = (row: IntentRow): PaymentIntent => ({
  id: row.id,
  clientSecret: row.client_secret,
  amount: row.amount,
  currency: row.currency,
  status: row.status,
  lastError: row.last_error,
  metadata: row.metadata,
});

/**
 * The demo card processor (the embedded default, and whenever no Stripe key is set): payment
 * intents like Stripe's, kept in billing's database, paid by "cards" through
 * `payCard` (what Stripe.js does in the browser): 4242 4242 4242 4242 succeeds, 4000 0000 0000
 * 0002 is declined, 4000 0027 6000 3184 requires authentication, which `authenticate` completes.
 */
export function demoProcessor(db: Database) {
  const find = async (id: string) => {
    const { rows } = await db.query<IntentRow>('SELECT * FROM demo_payment_intents WHERE id = $1', [id]);
    if (!rows[0]) throw notFound('No such payment intent', 'PAYMENT_INTENT_NOT_FOUND');
    return rows[0];
  };
  const setStatus = async (id: string, status: PaymentIntent['status'], lastError: string | null = null) => {
    const { rows } = await db.query<IntentRow>('UPDATE demo_payment_intents SET status = $2, last_error = $3 WHERE id = $1 RETURNING *', [
      id,
      status,
      lastError,
    ]);
    return toIntent(rows[0] as IntentRow);
  };

  return {
    name: 'demo' as const,

    async createIntent(input: {
      amount: number;
      currency: string;
      metadata: Record<string, string>;
      idempotencyKey: string;
    }): Promise<PaymentIntent> {
      const id = `pi_demo_${randomBytes(12).toString('hex')}`;
      await db.query(
        `INSERT INTO demo_payment_intents (id, client_secret, amount, currency, status, metadata, idempotency_key)
         VALUES ($1, $2, $3, $4, 'requires_payment_method', $5::text::jsonb, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
        [
          id,
          `${id}_secret_${randomBytes(12).toString('hex')}`,
          input.amount,
          input.currency,
          JSON.stringify(input.metadata),
          input.idempotencyKey,
        ],
      );
      const { rows } = await db.query<IntentRow>('SELECT * FROM demo_payment_intents WHERE idempotency_key = $1', [input.idempotencyKey]);
      return toIntent(rows[0] as IntentRow);
    },

    async retrieveIntent(id: string): Promise<PaymentIntent> {
      return toIntent(await find(id));
    },

    /** As Stripe's cancel: an intent still open is canceled; one that succeeded (or was canceled) stays as it is. */
    async cancelIntent(id: string): Promise<PaymentIntent> {
      const { rows } = await db.query<IntentRow>(
        "UPDATE demo_payment_intents SET status = 'canceled' WHERE id = $1 AND status IN ('requires_payment_method', 'requires_action', 'processing') RETURNING *",
        [id],
      );
      return toIntent(rows[0] ?? (await find(id)));
    },

    /** Pays the intent with a test card; needs the intent's client secret, as Stripe.js does. */
    async payCard(id: string, clientSecret: string, cardNumber: string): Promise<PaymentIntent> {
      const intent = await find(id);
      if (intent.client_secret !== clientSecret) throw badRequest('The client secret does not match this payment', 'INVALID_CLIENT_SECRET');
      if (intent.status === 'succeeded') return toIntent(intent);
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
      if (intent.client_secret !== clientSecret) throw badRequest('The client secret does not match this payment', 'INVALID_CLIENT_SECRET');
      if (intent.status !== 'requires_action') return toIntent(intent);
      return setStatus(id, 'succeeded');
    },
  } satisfies PaymentProcessor & Record<string, unknown>;
}

export type DemoProcessor = ReturnType<typeof demoProcessor>;

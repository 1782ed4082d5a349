import type { Queryable } from '@stockai/platform';
import type { PaymentIntent } from './intent';

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

/** The demo card processor's payment intents (processor.ts), kept in billing's database. */
export const demoIntentsRepo = {
  async find(db: Queryable, id: string): Promise<PaymentIntent | undefined> {
    const { rows } = await db.query<IntentRow>('SELECT * FROM demo_payment_intents WHERE id = $1', [id]);
    return rows[0] && toIntent(rows[0]);
  },

  /** Creates the intent unless one exists under its idempotency key; the intent under that key. */
  async insertOnce(
    db: Queryable,
    intent: {
      id: string;
      clientSecret: string;
      amount: number;
      currency: string;
      metadata: Record<string, string>;
      idempotencyKey: string;
    },
  ): Promise<PaymentIntent> {
    await db.query(
      `INSERT INTO demo_payment_intents (id, client_secret, amount, currency, status, metadata, idempotency_key)
       VALUES ($1, $2, $3, $4, 'requires_payment_method', $5::text::jsonb, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
      [intent.id, intent.clientSecret, intent.amount, intent.currency, JSON.stringify(intent.metadata), intent.idempotencyKey],
    );
    const { rows } = await db.query<IntentRow>('SELECT * FROM demo_payment_intents WHERE idempotency_key = $1', [intent.idempotencyKey]);
    return toIntent(rows[0] as IntentRow);
  },

  async setStatus(db: Queryable, id: string, status: PaymentIntent['status'], lastError: string | null): Promise<PaymentIntent> {
    const { rows } = await db.query<IntentRow>('UPDATE demo_payment_intents SET status = $2, last_error = $3 WHERE id = $1 RETURNING *', [
      id,
      status,
      lastError,
    ]);
    return toIntent(rows[0] as IntentRow);
  },

  /** Cancels the intent while it is still open; undefined when it was not (it succeeded, or was canceled already). */
  async cancelOpen(db: Queryable, id: string): Promise<PaymentIntent | undefined> {
    const { rows } = await db.query<IntentRow>(
      "UPDATE demo_payment_intents SET status = 'canceled' WHERE id = $1 AND status IN ('requires_payment_method', 'requires_action', 'processing') RETURNING *",
      [id],
    );
    return rows[0] && toIntent(rows[0]);
  },
};

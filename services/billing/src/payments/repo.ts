import type { Queryable } from '@stockai/platform';
import { SETTLED_STATUSES, UNSUBMITTED_STATUSES } from './statuses';

export interface NewPayment {
  id: string;
  userId: string;
  type: 'topup' | 'subscription';
  /** The package type, or the plan id of a subscription payment. */
  packageType: string;
  /** Its name at the time of the payment (kept after the package is renamed or deleted). */
  packageName?: string | null;
  credits: number;
  /** Minor units (cents) of `currency`. */
  amount: number;
  currency: string;
  status: string;
  provider: 'stripe' | 'demo';
  providerPaymentId: string;
  failureMessage?: string;
}

/** A payment as stored (one per processor payment id). */
export interface PaymentRow {
  id: string;
  user_id: string;
  type: 'topup' | 'subscription';
  package_type: string | null;
  /** The package's or plan's name when the payment was made (migration 0019); null for older payments of packages deleted before it. */
  package_name: string | null;
  credits: number;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  status: string;
  provider: 'stripe' | 'demo';
  provider_payment_id: string;
  /** Refunded so far, minor units (migration 0016). */
  amount_refunded: number;
  /** Credits due back for the refunds, and for an open or lost dispute; of those, not taken (already spent). */
  credits_refunded: number;
  credits_disputed: number;
  credits_shortfall: number;
  created_at: Date;
}

/** $1–$11 of an INSERT INTO payments, in its column order. */
const insertValues = (p: NewPayment) => [
  p.id,
  p.userId,
  p.type,
  p.packageType,
  p.credits,
  p.amount,
  p.currency,
  p.status,
  p.provider,
  p.providerPaymentId,
  p.failureMessage ?? null,
  p.packageName ?? null,
];

export const paymentsRepo = {
  /**
   * One page of the user's payments, newest first, leaving out intents never submitted
   * (statuses.ts), and their total: counted apart from the page, so a page past the end still
   * says how many there are.
   */
  async pageOfUser(db: Queryable, userId: string, limit: number, offset: number): Promise<{ rows: PaymentRow[]; total: number }> {
    const shown = 'FROM payments WHERE user_id = $1 AND status <> ALL($2::text[])';
    // One after the other: `db` may be a single client (a transaction), which runs one query at a time.
    const page = await db.query<PaymentRow>(`SELECT * ${shown} ORDER BY created_at DESC, id LIMIT $3 OFFSET $4`, [
      userId,
      UNSUBMITTED_STATUSES,
      limit,
      offset,
    ]);
    const count = await db.query<{ total: string }>(`SELECT count(*) AS total ${shown}`, [userId, UNSUBMITTED_STATUSES]);
    return { rows: page.rows, total: Number(count.rows[0]?.total ?? 0) };
  },

  /** Records a payment once per processor payment id; a repeat changes nothing. */
  async insert(db: Queryable, p: NewPayment): Promise<void> {
    await db.query(
      `INSERT INTO payments (id, user_id, type, package_type, credits, amount, currency, status, provider, provider_payment_id, failure_message, package_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (provider_payment_id) DO NOTHING`,
      insertValues(p),
    );
  },

  /** Who made the payment and for what (package or subscription), read without a lock. */
  async payerOf(q: Queryable, providerPaymentId: string): Promise<Pick<PaymentRow, 'user_id' | 'type'> | undefined> {
    const { rows } = await q.query<Pick<PaymentRow, 'user_id' | 'type'>>(
      'SELECT user_id, type FROM payments WHERE provider_payment_id = $1',
      [providerPaymentId],
    );
    return rows[0];
  },

  async byProviderId(q: Queryable, providerPaymentId: string): Promise<PaymentRow | undefined> {
    const { rows } = await q.query<PaymentRow>('SELECT * FROM payments WHERE provider_payment_id = $1', [providerPaymentId]);
    return rows[0];
  },

  async setStatus(tx: Queryable, id: string, status: string, failureMessage: string | null): Promise<void> {
    await tx.query('UPDATE payments SET status = $2, failure_message = $3, updated_at = now() WHERE id = $1', [id, status, failureMessage]);
  },

  /** The payment behind a processor payment id, locked for the rest of the transaction. */
  async lockByProviderId(tx: Queryable, providerPaymentId: string): Promise<PaymentRow | undefined> {
    const { rows } = await tx.query<PaymentRow>('SELECT * FROM payments WHERE provider_payment_id = $1 FOR UPDATE', [providerPaymentId]);
    return rows[0];
  },

  /** Stores the status and refund figures of `p` (reversals.ts); the row as stored. */
  async saveReversal(tx: Queryable, p: PaymentRow): Promise<PaymentRow> {
    const { rows } = await tx.query<PaymentRow>(
      `UPDATE payments SET status = $2, amount_refunded = $3, credits_refunded = $4, credits_disputed = $5, credits_shortfall = $6, updated_at = now()
       WHERE id = $1 RETURNING *`,
      [p.id, p.status, p.amount_refunded, p.credits_refunded, p.credits_disputed, p.credits_shortfall],
    );
    return rows[0] as PaymentRow;
  },

  /** Package payments no card was submitted for, created before `before`: the sweep cancels them (abandoned.ts). */
  async unsubmittedBefore(db: Queryable, provider: 'stripe' | 'demo', before: Date, limit: number): Promise<string[]> {
    const { rows } = await db.query<{ provider_payment_id: string }>(
      `SELECT provider_payment_id FROM payments
       WHERE status = 'requires_payment_method' AND type = 'topup' AND provider = $1 AND created_at < $2
       ORDER BY created_at LIMIT $3`,
      [provider, before, limit],
    );
    return rows.map((r) => r.provider_payment_id);
  },

  /**
   * Records the final outcome of a payment: inserts it, or moves a payment that has not
   * completed yet to `p.status`. A completed payment never changes here, nor one refunded or
   * disputed since (a late redelivery of its success must not revive it). The row when it changed.
   */
  async recordOutcome(db: Queryable, p: NewPayment & { status: 'completed' | 'failed' }): Promise<{ id: string } | undefined> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO payments (id, user_id, type, package_type, credits, amount, currency, status, provider, provider_payment_id, failure_message, package_name)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (provider_payment_id) DO UPDATE SET status = EXCLUDED.status, failure_message = EXCLUDED.failure_message, updated_at = now()
       WHERE payments.status <> EXCLUDED.status AND payments.status <> ALL($13::text[])
       RETURNING id`,
      [...insertValues(p), SETTLED_STATUSES],
    );
    return rows[0];
  },
};

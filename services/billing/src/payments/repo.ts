import type { Queryable } from '@stockai/platform';

export interface NewPayment {
  id: string;
  userId: string;
  type: 'topup' | 'subscription';
  /** The package type, or the plan id of a subscription payment. */
  packageType: string;
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
  credits: number;
  /** Minor units of `currency`. */
  amount: number;
  currency: string;
  status: string;
  provider: 'stripe' | 'demo';
  provider_payment_id: string;
  created_at: Date;
}

export const paymentsRepo = {
  /** Records a payment once per processor payment id; a repeat changes nothing. */
  async insert(db: Queryable, p: NewPayment): Promise<void> {
    await db.query(
      `INSERT INTO payments (id, user_id, type, package_type, credits, amount, currency, status, provider, provider_payment_id, failure_message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (provider_payment_id) DO NOTHING`,
      [p.id, p.userId, p.type, p.packageType, p.credits, p.amount, p.currency, p.status, p.provider, p.providerPaymentId, p.failureMessage ?? null],
    );
  },

  /**
   * Records the final outcome of a payment: inserts it, or moves a payment that has not
   * completed yet to `p.status`. A completed payment never changes. The row when it changed.
   */
  async recordOutcome(db: Queryable, p: NewPayment & { status: 'completed' | 'failed' }): Promise<{ id: string } | undefined> {
    const { rows } = await db.query<{ id: string }>(
      `INSERT INTO payments (id, user_id, type, package_type, credits, amount, currency, status, provider, provider_payment_id, failure_message)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
       ON CONFLICT (provider_payment_id) DO UPDATE SET status = EXCLUDED.status, failure_message = EXCLUDED.failure_message, updated_at = now()
       WHERE payments.status NOT IN ('completed', EXCLUDED.status)
       RETURNING id`,
      [p.id, p.userId, p.type, p.packageType, p.credits, p.amount, p.currency, p.status, p.provider, p.providerPaymentId, p.failureMessage ?? null],
    );
    return rows[0];
  },
};

import type { Queryable } from '@stockai/platform';
import type { PaymentRow } from '../payments/repo';
import { ABANDONED, SHOWN_STATUSES, UNSUBMITTED_STATUSES } from '../payments/statuses';

/** A payment with its payer from the user directory. */
export interface AdminPaymentRow extends PaymentRow {
  email: string | null;
  first_name: string | null;
  last_name: string | null;
  name_changed_at: Date | null;
}

export interface PaymentFilter {
  status?: string;
  /** Inclusive start, exclusive end. */
  from?: Date;
  to?: Date;
}

function where(filter: PaymentFilter): { sql: string; params: unknown[] } {
  const clauses: string[] = [];
  const params: unknown[] = [];
  // Any status the lists do not name is shown, and so filtered, as processing (payments/statuses.ts);
  // intents never submitted are no transactions: listed only when asked for as abandoned.
  if (filter.status === 'processing') {
    params.push([...SHOWN_STATUSES, ...UNSUBMITTED_STATUSES]);
    clauses.push(`p.status <> ALL($${params.length}::text[])`);
  } else if (filter.status === ABANDONED) {
    params.push(UNSUBMITTED_STATUSES);
    clauses.push(`p.status = ANY($${params.length}::text[])`);
  } else if (filter.status) {
    params.push(filter.status);
    clauses.push(`p.status = $${params.length}`);
  } else {
    params.push(UNSUBMITTED_STATUSES);
    clauses.push(`p.status <> ALL($${params.length}::text[])`);
  }
  if (filter.from) {
    params.push(filter.from);
    clauses.push(`p.created_at >= $${params.length}`);
  }
  if (filter.to) {
    params.push(filter.to);
    clauses.push(`p.created_at < $${params.length}`);
  }
  return { sql: clauses.length ? `WHERE ${clauses.join(' AND ')}` : '', params };
}

export const adminPaymentsRepo = {
  /** One page, newest first, with the payer from the user directory, and the filter's total. */
  async page(db: Queryable, filter: PaymentFilter, limit: number, offset: number): Promise<{ rows: AdminPaymentRow[]; total: number }> {
    const { sql, params } = where(filter);
    const { rows } = await db.query<AdminPaymentRow>(
      `SELECT p.id, p.user_id, d.email, d.first_name, d.last_name, d.name_changed_at, p.type, p.package_type, p.package_name, p.credits,
              p.amount, p.currency, p.status, p.provider, p.provider_payment_id,
              p.amount_refunded, p.credits_refunded, p.credits_disputed, p.credits_shortfall, p.created_at
       FROM payments p LEFT JOIN user_directory d ON d.user_id = p.user_id
       ${sql} ORDER BY p.created_at DESC, p.id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, limit, offset],
    );
    const count = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM payments p ${sql}`, params);
    return { rows, total: count.rows[0]?.n ?? 0 };
  },

  /**
   * Revenue per currency, in minor units: in all, since `monthStart`, and within [dayStart,
   * dayEnd). A completed payment counts less what was refunded of it; one refunded in full
   * counts nothing, nor does one disputed (the bank took the money back, at least for now).
   */
  async revenue(db: Queryable, monthStart: Date, monthEnd: Date, dayStart: Date, dayEnd: Date) {
    const { rows } = await db.query<{ currency: string; total: string; month: string; today: string }>(
      `SELECT currency, sum(amount - amount_refunded) AS total,
              COALESCE(sum(amount - amount_refunded) FILTER (WHERE created_at >= $1 AND created_at < $2), 0) AS month,
              COALESCE(sum(amount - amount_refunded) FILTER (WHERE created_at >= $3 AND created_at < $4), 0) AS today
       FROM payments WHERE status IN ('completed', 'refunded') GROUP BY currency`,
      [monthStart, monthEnd, dayStart, dayEnd],
    );
    return rows;
  },

  /**
   * The transaction figures; an intent never submitted is no transaction (payments/statuses.ts).
   * Credits sold leave out the credits due back for refunds (a partial refund keeps the
   * payment completed, so it still counts as a successful purchase).
   */
  async transactions(db: Queryable) {
    const { rows } = await db.query<{ total: number; successful: number; failed: number; credits_sold: number; credit_purchases: number }>(
      `SELECT count(*)::int AS total,
              count(*) FILTER (WHERE status = 'completed')::int AS successful,
              count(*) FILTER (WHERE status = 'failed')::int AS failed,
              COALESCE(sum(credits - credits_refunded) FILTER (WHERE status = 'completed'), 0)::int AS credits_sold,
              count(*) FILTER (WHERE status = 'completed' AND credits > 0)::int AS credit_purchases
       FROM payments WHERE status <> ALL($1::text[])`,
      [UNSUBMITTED_STATUSES],
    );
    return rows[0] as { total: number; successful: number; failed: number; credits_sold: number; credit_purchases: number };
  },
};

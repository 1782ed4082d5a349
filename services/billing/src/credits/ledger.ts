import type { Queryable } from '@stockai/platform';

export type LedgerKind = 'grant' | 'debit' | 'refund' | 'daily_refill' | 'adjustment';

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  paidDelta: number;
  dailyDelta: number;
  idempotencyKey: string;
  reference?: string;
  /** Why (an admin's reason for an adjustment). */
  note?: string;
}

export interface LedgerRow {
  user_id: string;
  kind: LedgerKind;
  paid_delta: number;
  daily_delta: number;
  reference: string | null;
}

/** An entry as the member's and the admin's credit histories read it. */
export interface LedgerHistoryRow {
  kind: LedgerKind;
  paid_delta: number;
  daily_delta: number;
  reference: string | null;
  /** The admin's reason for an adjustment. */
  reason: string | null;
  created_at: Date;
}

/** The calendar day in Hong Kong (YYYY-MM-DD) at `at`: daily credits refill once per such day. */
export function hongKongDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/**
 * The SQL of the append-only credit ledger. Entries are appended by the credit account module
 * (service.ts), which applies each to the account's cached balances in the same transaction.
 */
export const ledger = {
  /** Appends the entry; false, with nothing written, when its key was used before. */
  async append(tx: Queryable, entry: LedgerEntry): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO credit_ledger (user_id, kind, paid_delta, daily_delta, idempotency_key, reference, note)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
      [entry.userId, entry.kind, entry.paidDelta, entry.dailyDelta, entry.idempotencyKey, entry.reference ?? null, entry.note ?? null],
    );
    return rowCount === 1;
  },

  /** The entries under `keys`, in their order (undefined where there is none), in one query. */
  async byKeys(tx: Queryable, keys: string[]): Promise<Array<LedgerRow | undefined>> {
    const { rows } = await tx.query<LedgerRow & { idempotency_key: string }>(
      'SELECT idempotency_key, user_id, kind, paid_delta, daily_delta, reference FROM credit_ledger WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    return keys.map((key) => rows.find((r) => r.idempotency_key === key));
  },

  /** One page of the user's entries, newest first, and how many there are. */
  async pageOfUser(q: Queryable, userId: string, limit: number, offset: number): Promise<{ rows: LedgerHistoryRow[]; total: number }> {
    // One after the other: `q` may be a single client, which runs one query at a time.
    const list = await q.query<LedgerHistoryRow>(
      `SELECT kind, paid_delta, daily_delta, reference, note AS reason, created_at FROM credit_ledger
       WHERE user_id = $1 ORDER BY id DESC LIMIT $2 OFFSET $3`,
      [userId, limit, offset],
    );
    const count = await q.query<{ n: string }>('SELECT count(*) AS n FROM credit_ledger WHERE user_id = $1', [userId]);
    return { rows: list.rows, total: Number(count.rows[0]?.n ?? 0) };
  },

  async count(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_ledger');
    return rows[0]?.n ?? 0;
  },

  /** Accounts whose cached balances differ from their ledger sums (none, when all is well). */
  async mismatches(
    db: Queryable,
  ): Promise<Array<{ user_id: string; paid_credits: number; ledger_paid: number; daily_credits: number; ledger_daily: number }>> {
    const { rows } = await db.query<{
      user_id: string;
      paid_credits: number;
      ledger_paid: number;
      daily_credits: number;
      ledger_daily: number;
    }>(
      `SELECT a.user_id, a.paid_credits, COALESCE(sum(l.paid_delta), 0)::int AS ledger_paid,
              a.daily_credits, COALESCE(sum(l.daily_delta), 0)::int AS ledger_daily
       FROM credit_accounts a LEFT JOIN credit_ledger l ON l.user_id = a.user_id
       GROUP BY a.user_id, a.paid_credits, a.daily_credits
       HAVING a.paid_credits <> COALESCE(sum(l.paid_delta), 0) OR a.daily_credits <> COALESCE(sum(l.daily_delta), 0)`,
    );
    return rows;
  },
};

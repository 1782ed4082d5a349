import type { Queryable } from '@stockai/platform';
import type { CreditAccountRow } from './repo';

export type LedgerKind = 'grant' | 'debit' | 'refund' | 'daily_refill' | 'adjustment';

export interface LedgerEntry {
  userId: string;
  kind: LedgerKind;
  paidDelta: number;
  dailyDelta: number;
  idempotencyKey: string;
  reference?: string;
  /** Why, for an entry made by hand (an admin's adjustment). */
  reason?: string;
}

export interface LedgerRow {
  user_id: string;
  kind: LedgerKind;
  paid_delta: number;
  daily_delta: number;
  reference: string | null;
}

/** The calendar day in Hong Kong (YYYY-MM-DD) at `at`: daily credits refill once per such day. */
export function hongKongDay(at: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Hong_Kong', year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

export const ledger = {
  /**
   * Appends the entry and applies it to the cached balances, in the caller's transaction (which
   * holds the account row locked). False, with nothing changed, when the key was used before.
   */
  async apply(tx: Queryable, entry: LedgerEntry): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO credit_ledger (user_id, kind, paid_delta, daily_delta, idempotency_key, reference, reason)
       VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (idempotency_key) DO NOTHING`,
      [entry.userId, entry.kind, entry.paidDelta, entry.dailyDelta, entry.idempotencyKey, entry.reference ?? null, entry.reason ?? null],
    );
    if (rowCount !== 1) return false;
    await tx.query(`UPDATE credit_accounts SET paid_credits = paid_credits + $2, daily_credits = daily_credits + $3 WHERE user_id = $1`, [
      entry.userId,
      entry.paidDelta,
      entry.dailyDelta,
    ]);
    return true;
  },

  async byKey(tx: Queryable, idempotencyKey: string): Promise<LedgerRow | undefined> {
    const [entry] = await ledger.byKeys(tx, [idempotencyKey]);
    return entry;
  },

  /** The entries under `keys`, in their order (undefined where there is none), in one query. */
  async byKeys(tx: Queryable, keys: string[]): Promise<Array<LedgerRow | undefined>> {
    const { rows } = await tx.query<LedgerRow & { idempotency_key: string }>(
      'SELECT idempotency_key, user_id, kind, paid_delta, daily_delta, reference FROM credit_ledger WHERE idempotency_key = ANY($1::text[])',
      [keys],
    );
    return keys.map((key) => rows.find((r) => r.idempotency_key === key));
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

export type { CreditAccountRow };

import type { Queryable } from '@stockai/platform';

export type Level = 'free' | 'vip' | 'premium';

export interface CreditAccountRow {
  user_id: string;
  email: string;
  level: Level;
  paid_credits: number;
  daily_credits: number;
  /** Hong Kong calendar day (YYYY-MM-DD) of the last daily refill. */
  daily_refilled_on: string | null;
  opened_at: Date;
  /** The daily credits of the account's level (user_levels). */
  allowance: number;
}

/** The account with its level's daily allowance. */
const ACCOUNT_SELECT = `SELECT a.*, l.daily_credits AS allowance
  FROM credit_accounts a JOIN user_levels l ON l.level_type = a.level WHERE a.user_id = $1`;

/**
 * The SQL of credit_accounts. Only the credit account module (service.ts) changes these rows;
 * its cached balances change only with a ledger entry (ledger.ts) in the same transaction.
 */
export const creditAccountsRepo = {
  /** Opens the account once; a second call for the same user changes nothing. */
  async open(db: Queryable, account: { userId: string; email: string; firstName: string; lastName: string }): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO credit_accounts (user_id, email, first_name, last_name, daily_credits)
       VALUES ($1, $2, $3, $4, 0)
       ON CONFLICT (user_id) DO NOTHING`,
      [account.userId, account.email, account.firstName, account.lastName],
    );
    return rowCount === 1;
  },

  async find(db: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const { rows } = await db.query<CreditAccountRow>(ACCOUNT_SELECT, [userId]);
    return rows[0];
  },

  /** The account, locked for the rest of the transaction. */
  async lock(tx: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const { rows } = await tx.query<CreditAccountRow>(`${ACCOUNT_SELECT} FOR UPDATE OF a`, [userId]);
    return rows[0];
  },

  async addToBalances(tx: Queryable, userId: string, delta: { paid: number; daily: number }): Promise<void> {
    await tx.query('UPDATE credit_accounts SET paid_credits = paid_credits + $2, daily_credits = daily_credits + $3 WHERE user_id = $1', [
      userId,
      delta.paid,
      delta.daily,
    ]);
  },

  async markRefilled(tx: Queryable, userId: string, day: string): Promise<void> {
    await tx.query('UPDATE credit_accounts SET daily_refilled_on = $2 WHERE user_id = $1', [userId, day]);
  },

  async setLevel(tx: Queryable, userId: string, level: Level): Promise<void> {
    await tx.query('UPDATE credit_accounts SET level = $2 WHERE user_id = $1', [userId, level]);
  },

  async level(q: Queryable, userId: string): Promise<Level | undefined> {
    const { rows } = await q.query<{ level: Level }>('SELECT level FROM credit_accounts WHERE user_id = $1', [userId]);
    return rows[0]?.level;
  },

  async count(q: Queryable): Promise<number> {
    const { rows } = await q.query<{ n: number }>('SELECT count(*)::int AS n FROM credit_accounts');
    return rows[0]?.n ?? 0;
  },
};

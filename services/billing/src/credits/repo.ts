import type { Queryable } from '@stockai/platform';

export interface CreditAccountRow {
  user_id: string;
  email: string;
  level: 'free' | 'vip' | 'premium';
  paid_credits: number;
  daily_credits: number;
  /** Hong Kong calendar day (YYYY-MM-DD) of the last daily refill. */
  daily_refilled_on: string | null;
  opened_at: Date;
  /** The daily credits of the account's level (user_levels). */
  allowance: number;
}

/** The account with its level's daily allowance. */
export const ACCOUNT_SELECT = `SELECT a.*, l.daily_credits AS allowance
  FROM credit_accounts a JOIN user_levels l ON l.level_type = a.level WHERE a.user_id = $1`;

export const creditAccountsRepo = {
  /** Opens the account once; a second call for the same user changes nothing. */
  async open(
    db: Queryable,
    account: { userId: string; email: string; firstName: string; lastName: string; dailyCredits: number },
  ): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO credit_accounts (user_id, email, first_name, last_name, daily_credits)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO NOTHING`,
      [account.userId, account.email, account.firstName, account.lastName, account.dailyCredits],
    );
    return rowCount === 1;
  },

  async find(db: Queryable, userId: string): Promise<CreditAccountRow | undefined> {
    const { rows } = await db.query<CreditAccountRow>(ACCOUNT_SELECT, [userId]);
    return rows[0];
  },
};

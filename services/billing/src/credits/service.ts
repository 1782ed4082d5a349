import { type CreditBalance, type EventData } from '@stockai/contracts';
import { type Database, type Queryable, notFound } from '@stockai/platform';
import { type CreditAccountRow, creditAccountsRepo } from './repo';

/**
 * Daily allowance per membership level (the catalogue in the issue: free 3, vip 10,
 * premium 30). Becomes an admin-editable table with the credits feature.
 */
export const DAILY_ALLOWANCE: Record<CreditAccountRow['level'], number> = { free: 3, vip: 10, premium: 30 };

export function toBalance(account: CreditAccountRow): CreditBalance {
  return {
    totalCredits: account.paid_credits + account.daily_credits,
    freeCredits: account.daily_credits,
    paidCredits: account.paid_credits,
    dailyCredits: account.daily_credits,
    maxDailyCredits: DAILY_ALLOWANCE[account.level],
  };
}

export function creditsService(db: Database) {
  return {
    /** A new user gets an account with today's free allowance. */
    async openAccount(tx: Queryable, user: EventData<'user.registered'>) {
      return creditAccountsRepo.open(tx, { ...user, dailyCredits: DAILY_ALLOWANCE.free });
    },

    async balance(userId: string): Promise<CreditBalance> {
      const account = await creditAccountsRepo.find(db, userId);
      // Opened asynchronously after registration; for the first moments it may not exist yet.
      if (!account) throw notFound('Credit account is being set up, please try again shortly', 'ACCOUNT_NOT_READY');
      return toBalance(account);
    },
  };
}

export type CreditsService = ReturnType<typeof creditsService>;

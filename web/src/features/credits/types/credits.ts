export interface Credits {
  totalCredits: number;
  freeCredits: number;
  paidCredits: number;
  dailyCredits: number;
  /** Missing when the account has no daily allowance to compare against. */
  maxDailyCredits: number | null;
}

import type { InvestorPreferences, RiskProfileId } from '@stockai/contracts';
import type { Queryable } from '@stockai/platform';

/**
 * The user's stored type as an SQL expression, for a statement that records it with something
 * else (an analysis start: one statement instead of a read and a write). `userId` is the
 * statement's placeholder for the user's id, e.g. `$2`. NULL as `find` gives null.
 */
export const storedInvestorTypeSql = (userId: string) => `(SELECT investor_type FROM investor_types WHERE user_id = ${userId})`;

/**
 * The user's stored preferences as an SQL expression, as `storedInvestorTypeSql`: NULL when they
 * have none or saved them all empty, as `investorPreferencesRepo.find` gives null.
 */
export const storedPreferencesSql = (userId: string) =>
  `(SELECT preferences FROM investor_preferences WHERE user_id = ${userId}
      AND NOT (preferences->>'horizon' IS NULL AND preferences->'goals' = '[]'::jsonb AND preferences->'sectors' = '[]'::jsonb))`;

/** The investor types analysis keeps from auth's `user.updated` (migration 0023). */
export const investorTypesRepo = {
  /**
   * Records the user's type as of `changedAt`, unless a change made later is already recorded:
   * events may arrive out of order. Of two changes stamped with the same instant, the one
   * delivered last is kept. True when the row was written.
   */
  async record(db: Queryable, row: { userId: string; investorType: RiskProfileId | null; changedAt: string }): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO investor_types (user_id, investor_type, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET investor_type = EXCLUDED.investor_type, updated_at = EXCLUDED.updated_at
       WHERE investor_types.updated_at <= EXCLUDED.updated_at`,
      [row.userId, row.investorType, row.changedAt],
    );
    return rowCount === 1;
  },

  /** The user's stored type; null when they have none or analysis has not heard of it (what a start records without one). */
  async find(db: Queryable, userId: string): Promise<RiskProfileId | null> {
    const { rows } = await db.query<{ investor_type: RiskProfileId | null }>(`SELECT ${storedInvestorTypeSql('$1')} AS investor_type`, [
      userId,
    ]);
    return rows[0]?.investor_type ?? null;
  },
};

/** The investment preferences analysis keeps from auth's `user.updated` (migration 0024), ordered like the types. */
export const investorPreferencesRepo = {
  /** Records the user's preferences as of `changedAt`, unless a later change is already recorded. True when written. */
  async record(db: Queryable, row: { userId: string; preferences: InvestorPreferences; changedAt: string }): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO investor_preferences (user_id, preferences, updated_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET preferences = EXCLUDED.preferences, updated_at = EXCLUDED.updated_at
       WHERE investor_preferences.updated_at <= EXCLUDED.updated_at`,
      [row.userId, JSON.stringify(row.preferences), row.changedAt],
    );
    return rowCount === 1;
  },

  /** The user's stored preferences; null when they have saved none (or cleared them all). */
  async find(db: Queryable, userId: string): Promise<InvestorPreferences | null> {
    const { rows } = await db.query<{ preferences: InvestorPreferences | null }>(`SELECT ${storedPreferencesSql('$1')} AS preferences`, [
      userId,
    ]);
    return rows[0]?.preferences ?? null;
  },
};

import type { RiskProfileId } from '@stockai/contracts';
import type { Queryable } from '@stockai/platform';
import type { StoredFields } from './fields';

export interface ProfileRow {
  fields: StoredFields;
  risk_profile: RiskProfileId | null;
  risk_score: number | null;
  risk_description: string | null;
  updated_at: Date;
}

/** The investor profiles: the answers as given (JSONB) and the risk result computed from them. */
export const profilesRepo = {
  async find(db: Queryable, userId: string): Promise<ProfileRow | undefined> {
    const { rows } = await db.query<ProfileRow>(
      'SELECT fields, risk_profile, risk_score, risk_description, updated_at FROM profiles WHERE user_id = $1',
      [userId],
    );
    return rows[0];
  },

  async save(
    db: Queryable,
    userId: string,
    fields: StoredFields,
    risk: { profile: RiskProfileId | null; score: number | null; description: string | null },
  ): Promise<void> {
    await db.query(
      `INSERT INTO profiles (user_id, fields, risk_profile, risk_score, risk_description, updated_at)
       VALUES ($1, $2::text::jsonb, $3, $4, $5, now())
       ON CONFLICT (user_id) DO UPDATE SET fields = EXCLUDED.fields, risk_profile = EXCLUDED.risk_profile,
         risk_score = EXCLUDED.risk_score, risk_description = EXCLUDED.risk_description, updated_at = now()`,
      [userId, JSON.stringify(fields), risk.profile, risk.score, risk.description],
    );
  },
};

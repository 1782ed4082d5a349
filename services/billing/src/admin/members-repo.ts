import type { Queryable } from '@stockai/platform';
import type { LevelType } from '../catalogue/repo';

export interface MemberRow {
  user_id: string;
  level: LevelType;
  paid_credits: number;
  daily_credits: number;
  daily_refilled_on: string | null;
  allowance: number;
  plan_id: string | null;
  current_period_end: Date | null;
  subscription_status: string | null;
}

export const adminMembersRepo = {
  /** Each account with its level's allowance and its latest subscription (the active one first). */
  async find(db: Queryable, userIds: string[]): Promise<MemberRow[]> {
    const { rows } = await db.query<MemberRow>(
      `SELECT a.user_id, a.level, a.paid_credits, a.daily_credits, a.daily_refilled_on, l.daily_credits AS allowance,
              s.plan_id, s.current_period_end, s.status AS subscription_status
       FROM credit_accounts a JOIN user_levels l ON l.level_type = a.level
       LEFT JOIN LATERAL (
         SELECT plan_id, current_period_end, status FROM subscriptions WHERE user_id = a.user_id
         ORDER BY (status = 'active') DESC, created_at DESC LIMIT 1
       ) s ON true
       WHERE a.user_id = ANY($1::uuid[])`,
      [userIds],
    );
    return rows;
  },

  /** Moves an admin-granted subscription to another plan or end (it has no processor to tell). */
  async changeSubscription(tx: Queryable, id: string, change: { planId: string; level: LevelType; periodEnd: Date }): Promise<void> {
    await tx.query('UPDATE subscriptions SET plan_id = $2, level = $3, current_period_end = $4, updated_at = now() WHERE id = $1', [
      id,
      change.planId,
      change.level,
      change.periodEnd,
    ]);
  },
};

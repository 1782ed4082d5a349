import type { Queryable } from '@stockai/platform';

export interface ActivityRow {
  id: string;
  occurred_at: Date;
  user_id: string | null;
  email: string | null;
  activity_type: string;
  status: 'success' | 'failed';
  details: Record<string, unknown>;
}

export const activitiesRepo = {
  async insert(db: Queryable, row: ActivityRow): Promise<void> {
    await db.query(
      `INSERT INTO user_activities (id, occurred_at, user_id, email, activity_type, status, details)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (id) DO NOTHING`,
      [row.id, row.occurred_at, row.user_id, row.email, row.activity_type, row.status, JSON.stringify(row.details)],
    );
  },

  async page(db: Queryable, page: number, limit: number): Promise<{ rows: ActivityRow[]; total: number }> {
    const [list, count] = await Promise.all([
      db.query<ActivityRow>('SELECT * FROM user_activities ORDER BY occurred_at DESC, id LIMIT $1 OFFSET $2', [limit, (page - 1) * limit]),
      db.query<{ total: string }>('SELECT count(*) AS total FROM user_activities'),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]?.total ?? 0) };
  },
};

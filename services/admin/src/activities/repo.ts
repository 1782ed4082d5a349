import type { ClaimedChange, Queryable } from '@stockai/platform';

export type ActivityType = 'registration' | 'login' | 'analysis_attempt' | 'payment_attempt' | 'admin_action';

export interface ActivityRow {
  id: string;
  occurred_at: Date;
  user_id: string | null;
  email: string | null;
  activity_type: ActivityType;
  status: 'success' | 'failed';
  details: Record<string, unknown>;
}

/** An activity with the member it is about, as the directory knows them (absent once deleted). */
export interface ListedActivityRow extends ActivityRow {
  first_name: string | null;
  last_name: string | null;
  level: string | null;
}

export interface ActivityStatsRow {
  activity_type: string;
  status: string;
  count: number;
}

const COLUMNS = 'id, occurred_at, user_id, email, activity_type, status, details';
const paramsOf = (row: ActivityRow) => [
  row.id,
  row.occurred_at,
  row.user_id,
  row.email,
  row.activity_type,
  row.status,
  JSON.stringify(row.details),
];

export const activitiesRepo = {
  async insert(db: Queryable, row: ActivityRow): Promise<void> {
    await db.query(
      `INSERT INTO user_activities (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING`,
      paramsOf(row),
    );
  },

  /** `insert` when its event is claimed (handleOnceInOneStatement): the row's id is the event's. */
  insertClaimed(row: ActivityRow): ClaimedChange {
    return {
      sql: `INSERT INTO user_activities (${COLUMNS})
            SELECT $1::uuid, $2::timestamptz, $3::uuid, $4::text, $5::text, $6::text, $7::text::jsonb FROM claimed
            ON CONFLICT (id) DO NOTHING`,
      params: paramsOf(row),
    };
  },

  /** Newest first, optionally of one type. */
  async page(
    db: Queryable,
    options: { limit: number; offset: number; type?: string },
  ): Promise<{ rows: ListedActivityRow[]; total: number }> {
    const [list, count] = await Promise.all([
      db.query<ListedActivityRow>(
        `SELECT a.id, a.occurred_at, a.user_id, COALESCE(a.email, NULLIF(m.email, '')) AS email, a.activity_type, a.status, a.details,
                m.first_name, m.last_name, m.level
         FROM user_activities a LEFT JOIN members m ON m.user_id = a.user_id
         WHERE $1::text IS NULL OR a.activity_type = $1
         ORDER BY a.occurred_at DESC, a.id LIMIT $2 OFFSET $3`,
        [options.type ?? null, options.limit, options.offset],
      ),
      db.query<{ total: string }>('SELECT count(*) AS total FROM user_activities WHERE $1::text IS NULL OR activity_type = $1', [
        options.type ?? null,
      ]),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]?.total ?? 0) };
  },

  async stats(db: Queryable, since: Date): Promise<ActivityStatsRow[]> {
    const { rows } = await db.query<{ activity_type: string; status: string; count: string }>(
      `SELECT activity_type, status, count(*) AS count FROM user_activities WHERE occurred_at >= $1
       GROUP BY activity_type, status ORDER BY activity_type, status`,
      [since],
    );
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  },

  /** Confirmed payments since `since` per UTC day and currency: their amounts (major units, exact decimals) and count. */
  async confirmedPaymentsPerDay(q: Queryable, since: string) {
    const { rows } = await q.query<{ day: string; currency: string; amount: string; payments: string }>(
      `SELECT to_char(occurred_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, details->>'currency' AS currency,
              sum((details->>'amount')::numeric) AS amount, count(*) AS payments
       FROM user_activities
       WHERE activity_type = 'payment_attempt' AND status = 'success' AND occurred_at >= $1
       GROUP BY 1, 2 ORDER BY 1, 2`,
      [since],
    );
    return rows;
  },
};

import type { ClaimedChange, Queryable } from '@stockai/platform';

export interface AnalysisCounts {
  total: number;
  completed: number;
  today: number;
}

export const analysesRepo = {
  /**
   * The request, written when its event is claimed (handleOnceInOneStatement), as is `finished`:
   * both read their row FROM claimed.
   */
  requested(a: { analysisId: string; userId: string; symbol: string; at: string }): ClaimedChange {
    return {
      sql: `INSERT INTO analyses (analysis_id, user_id, symbol, requested_at, status)
            SELECT $1::uuid, $2::uuid, $3::text, $4::timestamptz, 'requested' FROM claimed
            ON CONFLICT (analysis_id) DO UPDATE SET requested_at = LEAST(analyses.requested_at, EXCLUDED.requested_at)`,
      params: [a.analysisId, a.userId, a.symbol, a.at],
    };
  },

  /** The outcome; an outcome that arrives before its request makes the row with the outcome's time. */
  finished(a: { analysisId: string; userId: string; symbol: string; at: string; status: 'completed' | 'failed' }): ClaimedChange {
    return {
      sql: `INSERT INTO analyses (analysis_id, user_id, symbol, requested_at, status, finished_at)
            SELECT $1::uuid, $2::uuid, $3::text, $4::timestamptz, $5::text, $4::timestamptz FROM claimed
            ON CONFLICT (analysis_id) DO UPDATE SET status = EXCLUDED.status, finished_at = EXCLUDED.finished_at`,
      params: [a.analysisId, a.userId, a.symbol, a.at, a.status],
    };
  },

  /** `dayStart`: the start of today (Hong Kong), for the analyses requested today. */
  async counts(db: Queryable, dayStart: Date): Promise<AnalysisCounts> {
    const { rows } = await db.query<Record<keyof AnalysisCounts, string>>(
      `SELECT count(*) AS total, count(*) FILTER (WHERE status = 'completed') AS completed,
              count(*) FILTER (WHERE requested_at >= $1) AS today
       FROM analyses`,
      [dayStart],
    );
    const row = rows[0];
    return { total: Number(row?.total ?? 0), completed: Number(row?.completed ?? 0), today: Number(row?.today ?? 0) };
  },

  /** Analyses requested since `since` per UTC day, and how many of them completed. */
  async perDay(q: Queryable, since: string) {
    const { rows } = await q.query<{ day: string; analyses: string; completed: string }>(
      `SELECT to_char(requested_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS analyses,
              count(*) FILTER (WHERE status = 'completed') AS completed
       FROM analyses WHERE requested_at >= $1 GROUP BY 1`,
      [since],
    );
    return rows;
  },
};

import type { Queryable } from '@stockai/platform';

export interface AnalysisCounts {
  total: number;
  completed: number;
  today: number;
}

export const analysesRepo = {
  async requested(db: Queryable, a: { analysisId: string; userId: string; symbol: string; at: string }) {
    await db.query(
      `INSERT INTO analyses (analysis_id, user_id, symbol, requested_at, status) VALUES ($1, $2, $3, $4, 'requested')
       ON CONFLICT (analysis_id) DO UPDATE SET requested_at = LEAST(analyses.requested_at, $4)`,
      [a.analysisId, a.userId, a.symbol, a.at],
    );
  },

  /** The outcome; an outcome that arrives before its request makes the row with the outcome's time. */
  async finished(db: Queryable, a: { analysisId: string; userId: string; symbol: string; at: string; status: 'completed' | 'failed' }) {
    await db.query(
      `INSERT INTO analyses (analysis_id, user_id, symbol, requested_at, status, finished_at) VALUES ($1, $2, $3, $4, $5, $4)
       ON CONFLICT (analysis_id) DO UPDATE SET status = $5, finished_at = $4`,
      [a.analysisId, a.userId, a.symbol, a.at, a.status],
    );
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

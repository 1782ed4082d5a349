import { type EventEnvelope, type Queryable, changeWithOutbox } from '@stockai/platform';
import type { InvestorPreferences, RiskProfileId } from '@stockai/contracts';
import { storedInvestorTypeSql, storedPreferencesSql } from '../investor-types/repo';
import type { AnalysisResults } from '../report/types';

export type AnalysisStatus = 'processing' | 'completed' | 'failed';

export interface AnalysisRow {
  id: string;
  user_id: string;
  symbol: string;
  status: AnalysisStatus;
  progress: number;
  message: string;
  error: string | null;
  investor_type: RiskProfileId | null;
  /** The wizard's preferences the advice of the user's own type is tailored to (migration 0024). */
  preferences: InvestorPreferences | null;
  results: AnalysisResults | null;
  from_cache: boolean;
  attempts: number;
  /** When its job was queued (the debit confirmed); null while billing is being asked. */
  queued_at: Date | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** A page of one user's analyses, newest first. */
export interface HistoryQuery {
  userId: string;
  page: number;
  limit: number;
  status?: AnalysisStatus;
  /** Part of a symbol, upper case. */
  symbol?: string;
}

export interface UserStatsRow {
  total: string;
  completed: string;
  failed: string;
  processing: string;
  today: string;
  last_analysis_at: Date | null;
}

/** Every column but the report (`results`, tens of kilobytes of JSON once completed). */
const COLUMNS_BUT_RESULTS = `id, user_id, symbol, status, progress, message, error, investor_type, preferences, from_cache, attempts,
  queued_at, created_at, updated_at, completed_at`;

export const analysesRepo = {
  /**
   * Records a new running analysis, not yet queued, with the investor type and preferences its
   * advice is for: those given, else the user's stored ones (read in the same statement). Returns
   * the type recorded; undefined when the id exists already (a retried start with the same
   * idempotency key) or the user already runs one for the symbol (the partial unique index
   * `analyses_one_running`; a concurrent start waits for this one's transaction, then conflicts).
   */
  async insert(
    tx: Queryable,
    row: {
      id: string;
      userId: string;
      symbol: string;
      message: string;
      /** null: the user's stored type, if any. */
      investorType: RiskProfileId | null;
      /** null: the user's stored preferences, if any. */
      preferences: InvestorPreferences | null;
    },
  ): Promise<{ investorType: RiskProfileId | null } | undefined> {
    const { rows } = await tx.query<{ investor_type: RiskProfileId | null }>(
      `INSERT INTO analyses (id, user_id, symbol, message, investor_type, preferences)
       VALUES ($1, $2, $3, $4, COALESCE($5::text, ${storedInvestorTypeSql('$2')}), COALESCE($6::jsonb, ${storedPreferencesSql('$2')}))
       ON CONFLICT DO NOTHING RETURNING investor_type`,
      [row.id, row.userId, row.symbol, row.message, row.investorType, row.preferences === null ? null : JSON.stringify(row.preferences)],
    );
    return rows[0] && { investorType: rows[0].investor_type };
  },

  /**
   * Marks a running analysis queued and records its job (`analysis.requested`) in one statement
   * (see `changeWithOutbox`); false, with no job, when it was not waiting for that.
   */
  async queue(db: Queryable, id: string, job: EventEnvelope): Promise<boolean> {
    const sql = `UPDATE analyses SET queued_at = now(), updated_at = clock_timestamp()
                 WHERE id = $1 AND status = 'processing' AND queued_at IS NULL RETURNING id`;
    return (await changeWithOutbox(db, { sql, params: [id] }, job)).length === 1;
  },

  /** Removes a start that billing refused (nothing was debited, nothing was queued): it never happened. */
  async removeUnqueued(db: Queryable, id: string): Promise<void> {
    await db.query("DELETE FROM analyses WHERE id = $1 AND status = 'processing' AND queued_at IS NULL", [id]);
  },

  /**
   * Running analyses that no worker is moving: no sign of life (a new attempt, a stage done) for
   * `stuckAfterSeconds`, or never queued after `unqueuedAfterSeconds`. Locked for the caller's
   * transaction; rows another sweeper holds are skipped.
   */
  async lockStuck(
    tx: Queryable,
    limits: { stuckAfterSeconds: number; unqueuedAfterSeconds: number; max: number },
  ): Promise<Array<Pick<AnalysisRow, 'id' | 'user_id' | 'symbol' | 'queued_at'>>> {
    const { rows } = await tx.query<Pick<AnalysisRow, 'id' | 'user_id' | 'symbol' | 'queued_at'>>(
      `SELECT id, user_id, symbol, queued_at FROM analyses
       WHERE status = 'processing'
         AND (updated_at < now() - make_interval(secs => $1) OR (queued_at IS NULL AND created_at < now() - make_interval(secs => $2)))
       ORDER BY updated_at LIMIT $3 FOR UPDATE SKIP LOCKED`,
      [limits.stuckAfterSeconds, limits.unqueuedAfterSeconds, limits.max],
    );
    return rows;
  },

  /**
   * The analyses among `ids` (the progress streams' one read per round). The report is read
   * only for a finished one (a stream's last event carries it): a round reads every watched
   * row, most of them still running.
   */
  async findMany(db: Queryable, ids: string[]): Promise<AnalysisRow[]> {
    const { rows } = await db.query<AnalysisRow>(
      `SELECT ${COLUMNS_BUT_RESULTS}, CASE WHEN status = 'processing' THEN NULL ELSE results END AS results
       FROM analyses WHERE id = ANY($1::uuid[])`,
      [ids],
    );
    return rows;
  },

  async runningFor(db: Queryable, userId: string, symbol: string): Promise<string | undefined> {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM analyses WHERE user_id = $1 AND symbol = $2 AND status = 'processing'",
      [userId, symbol],
    );
    return rows[0]?.id;
  },

  /** The analysis only when `userId` owns it: anyone else's id reads as unknown. */
  async findOwned(db: Queryable, id: string, userId: string): Promise<AnalysisRow | undefined> {
    const { rows } = await db.query<AnalysisRow>('SELECT * FROM analyses WHERE id = $1 AND user_id = $2', [id, userId]);
    return rows[0];
  },

  /**
   * Counts one more run of the job and returns the analysis with it (the job's one read of the
   * row); undefined when the analysis is gone or no longer running.
   */
  async startAttempt(db: Queryable, id: string): Promise<AnalysisRow | undefined> {
    const { rows } = await db.query<AnalysisRow>(
      "UPDATE analyses SET attempts = attempts + 1, updated_at = clock_timestamp() WHERE id = $1 AND status = 'processing' RETURNING *",
      [id],
    );
    return rows[0];
  },

  /**
   * Moves a running analysis's progress forward (never back: a redelivered job that redoes an
   * early stage leaves the bar where it was).
   */
  async advance(db: Queryable, id: string, progress: number, message: string, fromCache = false): Promise<void> {
    await db.query(
      `UPDATE analyses SET progress = $2, message = $3, from_cache = from_cache OR $4, updated_at = clock_timestamp()
       WHERE id = $1 AND status = 'processing' AND progress <= $2`,
      [id, progress, message, fromCache],
    );
  },

  /**
   * Completes a running analysis with its report and records `completed` (the event) in one
   * statement, recording whether the result cache served it (its stages may not have been
   * written: see `progressWriter`). Returns the completed row (with the report it was given, not
   * read back); undefined, with no event, when it was already finished (by another delivery).
   */
  async complete(
    db: Queryable,
    id: string,
    change: { results: AnalysisResults; message: string; fromCache: boolean },
    completed: EventEnvelope,
  ): Promise<AnalysisRow | undefined> {
    const sql = `UPDATE analyses SET status = 'completed', progress = 100, message = $3, results = $2::text::jsonb,
                   from_cache = from_cache OR $4, completed_at = now(), updated_at = clock_timestamp()
                 WHERE id = $1 AND status = 'processing'
                 RETURNING ${COLUMNS_BUT_RESULTS}`;
    const params = [id, JSON.stringify(change.results), change.message, change.fromCache];
    const [row] = await changeWithOutbox<Omit<AnalysisRow, 'results'>>(db, { sql, params }, completed);
    return row && { ...row, results: change.results };
  },

  /** Fails a running analysis; false when it was already finished. */
  async fail(tx: Queryable, id: string, error: string, message: string): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE analyses SET status = 'failed', error = $2, message = $3, completed_at = now(), updated_at = clock_timestamp()
       WHERE id = $1 AND status = 'processing'`,
      [id, error, message],
    );
    return rowCount === 1;
  },

  /** A page of the history, without the reports (the page lists them; a report is read by its id). */
  async history(db: Queryable, query: HistoryQuery): Promise<{ rows: Array<Omit<AnalysisRow, 'results'>>; total: number }> {
    const where = ['user_id = $1'];
    const params: unknown[] = [query.userId];
    if (query.status) {
      params.push(query.status);
      where.push(`status = $${params.length}`);
    }
    if (query.symbol) {
      params.push(`%${query.symbol.replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where.push(`symbol LIKE $${params.length}`);
    }
    const filter = where.join(' AND ');
    const counted = await db.query<{ total: string }>(`SELECT count(*) AS total FROM analyses WHERE ${filter}`, params);
    const { rows } = await db.query<Omit<AnalysisRow, 'results'>>(
      `SELECT ${COLUMNS_BUT_RESULTS}
       FROM analyses WHERE ${filter} ORDER BY created_at DESC, id LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, query.limit, (query.page - 1) * query.limit],
    );
    return { rows, total: Number(counted.rows[0]?.total ?? 0) };
  },

  /** Counts of one user's analyses; "today" is the Hong Kong calendar day. */
  async userStats(db: Queryable, userId: string): Promise<UserStatsRow> {
    const { rows } = await db.query<UserStatsRow>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE status = 'completed') AS completed,
              count(*) FILTER (WHERE status = 'failed') AS failed,
              count(*) FILTER (WHERE status = 'processing') AS processing,
              count(*) FILTER (WHERE (created_at AT TIME ZONE 'Asia/Hong_Kong')::date = (now() AT TIME ZONE 'Asia/Hong_Kong')::date) AS today,
              max(created_at) AS last_analysis_at
       FROM analyses WHERE user_id = $1`,
      [userId],
    );
    return rows[0] as UserStatsRow;
  },

  /** The median time from start to report of the last `limit` completed analyses (anyone's), in seconds. */
  async recentDurations(db: Queryable, limit: number): Promise<{ median: number | null; count: number }> {
    const { rows } = await db.query<{ median: number | null; count: number }>(
      `SELECT percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM completed_at - created_at))::float8 AS median,
              count(*)::int AS count
       FROM (SELECT created_at, completed_at FROM analyses
             WHERE status = 'completed' AND completed_at IS NOT NULL
             ORDER BY completed_at DESC LIMIT $1) recent`,
      [limit],
    );
    const row = rows[0];
    return { median: row?.median ?? null, count: Number(row?.count ?? 0) };
  },

  async topSymbols(db: Queryable, userId: string, limit: number): Promise<Array<{ symbol: string; count: number }>> {
    const { rows } = await db.query<{ symbol: string; count: string }>(
      `SELECT symbol, count(*) AS count FROM analyses WHERE user_id = $1 AND status = 'completed'
       GROUP BY symbol ORDER BY count(*) DESC, max(created_at) DESC LIMIT $2`,
      [userId, limit],
    );
    return rows.map((r) => ({ symbol: r.symbol, count: Number(r.count) }));
  },
};

import type { AlertKind, MembershipLevel } from '@stockai/contracts';
import type { Queryable } from '@stockai/platform';

export interface AlertRow {
  id: string;
  user_id: string;
  symbol: string;
  kind: AlertKind;
  price: number | null;
  armed: boolean;
  crossings: number;
  last_fired_at: Date | null;
}

/** What the watchlist and the alerts read of a completed report (never the whole document). */
export interface ReportRow {
  user_id: string;
  symbol: string;
  id: string;
  created_at: Date;
  recommendation: string | null;
  fair_value: number | null;
  range: { low: number; base: number; high: number } | null;
  uncertainty: string | null;
  price: number | null;
  data_as_of: string | null;
}

const REPORT_COLUMNS = `a.user_id, a.symbol, a.id, a.created_at,
  a.results->'valuation'->>'recommendation' AS recommendation,
  (a.results->'valuation'->>'fairValue')::float8 AS fair_value,
  a.results->'valuation'->'range' AS range,
  a.results->'valuation'->>'uncertainty' AS uncertainty,
  (a.results->'basic'->>'currentPrice')::float8 AS price,
  a.results->>'dataAsOf' AS data_as_of`;

const ALERT_COLUMNS = 'id, user_id, symbol, kind, price, armed, crossings, last_fired_at';

/** The watchlist's tables (migration 0026): followed stocks, their alerts, the members' levels. */
export const watchlistRepo = {
  /**
   * Adds the stock unless it is there already or the list holds `limit` stocks. The member's
   * rows are serialised by an advisory lock for the transaction, so two adds at once cannot
   * both take the last place.
   */
  async add(tx: Queryable, userId: string, symbol: string, limit: number): Promise<'added' | 'exists' | 'full'> {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`watchlist:${userId}`]);
    const { rows } = await tx.query<{ exists: boolean; count: string }>(
      `SELECT EXISTS (SELECT 1 FROM watchlist_items WHERE user_id = $1 AND symbol = $2) AS exists,
              (SELECT count(*) FROM watchlist_items WHERE user_id = $1) AS count`,
      [userId, symbol],
    );
    if (rows[0]?.exists) return 'exists';
    if (Number(rows[0]?.count ?? 0) >= limit) return 'full';
    await tx.query('INSERT INTO watchlist_items (user_id, symbol) VALUES ($1, $2)', [userId, symbol]);
    return 'added';
  },

  /** The member's stocks, in the order added. */
  async symbols(db: Queryable, userId: string): Promise<string[]> {
    const { rows } = await db.query<{ symbol: string }>('SELECT symbol FROM watchlist_items WHERE user_id = $1 ORDER BY added_at, symbol', [
      userId,
    ]);
    return rows.map((r) => r.symbol);
  },

  /** Removes the stock and its alerts; false when it was not on the member's list. */
  async remove(db: Queryable, userId: string, symbol: string): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM watchlist_items WHERE user_id = $1 AND symbol = $2', [userId, symbol]);
    return rowCount > 0;
  },

  /** The member's alerts, oldest first. */
  async alertsOf(db: Queryable, userId: string): Promise<AlertRow[]> {
    const { rows } = await db.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM watchlist_alerts WHERE user_id = $1 ORDER BY created_at, id`, [
      userId,
    ]);
    return rows;
  },

  /** Adds an alert to a stock on the member's list; null when the stock is not on it. */
  async addAlert(db: Queryable, alert: { id: string; userId: string; symbol: string; kind: AlertKind; price: number | null }) {
    const { rows } = await db.query<AlertRow>(
      `INSERT INTO watchlist_alerts (id, user_id, symbol, kind, price)
       SELECT $1, $2, $3, $4, $5 WHERE EXISTS (SELECT 1 FROM watchlist_items WHERE user_id = $2 AND symbol = $3)
       RETURNING ${ALERT_COLUMNS}`,
      [alert.id, alert.userId, alert.symbol, alert.kind, alert.price],
    );
    return rows[0] ?? null;
  },

  async removeAlert(db: Queryable, userId: string, symbol: string, id: string): Promise<boolean> {
    const { rowCount } = await db.query('DELETE FROM watchlist_alerts WHERE id = $1 AND user_id = $2 AND symbol = $3', [
      id,
      userId,
      symbol,
    ]);
    return rowCount > 0;
  },

  /** The member's last completed report of each of `symbols`. */
  async lastReports(db: Queryable, userId: string, symbols: string[]): Promise<ReportRow[]> {
    const { rows } = await db.query<ReportRow>(
      `SELECT DISTINCT ON (a.symbol) ${REPORT_COLUMNS} FROM analyses a
       WHERE a.user_id = $1 AND a.symbol = ANY($2) AND a.status = 'completed'
       ORDER BY a.symbol, a.created_at DESC`,
      [userId, symbols],
    );
    return rows;
  },

  /** Every alert, for the evaluation. */
  async allAlerts(db: Queryable): Promise<AlertRow[]> {
    const { rows } = await db.query<AlertRow>(`SELECT ${ALERT_COLUMNS} FROM watchlist_alerts ORDER BY symbol, id`);
    return rows;
  },

  /** The last completed report of each member and stock with an alert on the report. */
  async reportsOfReportAlerts(db: Queryable): Promise<ReportRow[]> {
    const { rows } = await db.query<ReportRow>(
      `SELECT DISTINCT ON (a.user_id, a.symbol) ${REPORT_COLUMNS} FROM analyses a
       JOIN (SELECT DISTINCT user_id, symbol FROM watchlist_alerts WHERE kind IN ('report_thresholds', 'report_stale')) w
         ON w.user_id = a.user_id AND w.symbol = a.symbol
       WHERE a.status = 'completed'
       ORDER BY a.user_id, a.symbol, a.created_at DESC`,
    );
    return rows;
  },

  /**
   * Fires the alert for its crossing number `crossings + 1`, only while it is still armed at the
   * count read: of evaluators racing on one crossing exactly one gets true.
   */
  async fire(tx: Queryable, id: string, crossingsRead: number): Promise<boolean> {
    const { rowCount } = await tx.query(
      `UPDATE watchlist_alerts SET armed = false, crossings = crossings + 1, last_fired_at = now()
       WHERE id = $1 AND armed AND crossings = $2`,
      [id, crossingsRead],
    );
    return rowCount === 1;
  },

  async rearm(db: Queryable, id: string, crossingsRead: number): Promise<boolean> {
    const { rowCount } = await db.query('UPDATE watchlist_alerts SET armed = true WHERE id = $1 AND NOT armed AND crossings = $2', [
      id,
      crossingsRead,
    ]);
    return rowCount === 1;
  },

  /** The member's level as last heard; null when this service has heard none. */
  async level(db: Queryable, userId: string): Promise<MembershipLevel | null> {
    const { rows } = await db.query<{ level: MembershipLevel }>('SELECT level FROM member_levels WHERE user_id = $1', [userId]);
    return rows[0]?.level ?? null;
  },

  /** Records the level as of `changedAt`, unless a later change is recorded already. */
  async recordLevel(db: Queryable, userId: string, level: MembershipLevel, changedAt: string): Promise<boolean> {
    const { rowCount } = await db.query(
      `INSERT INTO member_levels (user_id, level, changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET level = EXCLUDED.level, changed_at = EXCLUDED.changed_at
       WHERE member_levels.changed_at <= EXCLUDED.changed_at`,
      [userId, level, changedAt],
    );
    return rowCount === 1;
  },

  /** A deleted member's list, alerts and level. */
  async forgetMember(db: Queryable, userId: string): Promise<void> {
    await db.query('DELETE FROM watchlist_items WHERE user_id = $1', [userId]);
    await db.query('DELETE FROM member_levels WHERE user_id = $1', [userId]);
  },
};

import type { ClaimedChange, Queryable } from '@stockai/platform';

/** The alerts sent to members (migration 0004), counted per day on the dashboard. */
export const alertsSentRepo = {
  /** The notification, written when its event is claimed (one statement, ADR 59). */
  sent(a: { notificationId: string; userId: string; kind: string; symbol: string; emailed: boolean; at: string }): ClaimedChange {
    return {
      sql: `INSERT INTO alerts_sent (notification_id, user_id, kind, symbol, emailed, sent_at)
            SELECT $1::uuid, $2::uuid, $3::text, $4::text, $5::boolean, $6::timestamptz FROM claimed
            ON CONFLICT (notification_id) DO NOTHING`,
      params: [a.notificationId, a.userId, a.kind, a.symbol, a.emailed, a.at],
    };
  },

  /** Alerts sent since `since` per UTC day. */
  async perDay(q: Queryable, since: string) {
    const { rows } = await q.query<{ day: string; alerts: string }>(
      `SELECT to_char(sent_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, count(*) AS alerts
       FROM alerts_sent WHERE sent_at >= $1 GROUP BY 1`,
      [since],
    );
    return rows;
  },
};

import type { AlertKind } from '@stockai/contracts';
import type { Queryable } from '@stockai/platform';

export interface NotificationRow {
  id: string;
  kind: AlertKind;
  symbol: string;
  title: string;
  body: string;
  created_at: Date;
  read_at: Date | null;
}

export interface NewNotification {
  id: string;
  userId: string;
  alertId: string;
  /** Unique per crossing of an alert: `<alert id>:<crossing number>`. */
  crossingKey: string;
  kind: AlertKind;
  symbol: string;
  title: string;
  body: string;
}

/** The members' notifications and notification settings (migration 0026). */
export const notificationsRepo = {
  /** Writes the notification of a crossing; false when that crossing has one already. */
  async insert(tx: Queryable, n: NewNotification): Promise<boolean> {
    const { rowCount } = await tx.query(
      `INSERT INTO notifications (id, user_id, alert_id, crossing_key, kind, symbol, title, body)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (crossing_key) DO NOTHING`,
      [n.id, n.userId, n.alertId, n.crossingKey, n.kind, n.symbol, n.title, n.body],
    );
    return rowCount === 1;
  },

  /**
   * A page of the member's notifications, newest first, with their total and unread counts, in
   * one statement: counted and listed apart, an alert firing in between gave a total of 1 with
   * an empty page.
   */
  async page(db: Queryable, userId: string, page: number, limit: number) {
    const { rows } = await db.query<{
      total: string;
      unread: string;
      page: Array<Omit<NotificationRow, 'created_at' | 'read_at'> & { created_at: string; read_at: string | null }>;
    }>(
      `WITH mine AS (SELECT id, kind, symbol, title, body, created_at, read_at FROM notifications WHERE user_id = $1)
       SELECT (SELECT count(*) FROM mine) AS total,
              (SELECT count(*) FROM mine WHERE read_at IS NULL) AS unread,
              COALESCE((SELECT json_agg(p ORDER BY p.created_at DESC, p.id)
                        FROM (SELECT * FROM mine ORDER BY created_at DESC, id LIMIT $2 OFFSET $3) p), '[]'::json) AS page`,
      [userId, limit, (page - 1) * limit],
    );
    const row = rows[0];
    return {
      rows: (row?.page ?? []).map((r) => ({ ...r, created_at: new Date(r.created_at), read_at: r.read_at ? new Date(r.read_at) : null })),
      total: Number(row?.total ?? 0),
      unread: Number(row?.unread ?? 0),
    };
  },

  /** Marks one of the member's notifications read; false when they have none with this id. */
  async markRead(db: Queryable, userId: string, id: string): Promise<boolean> {
    const { rowCount } = await db.query('UPDATE notifications SET read_at = COALESCE(read_at, now()) WHERE id = $1 AND user_id = $2', [
      id,
      userId,
    ]);
    return rowCount === 1;
  },

  async markAllRead(db: Queryable, userId: string): Promise<void> {
    await db.query('UPDATE notifications SET read_at = now() WHERE user_id = $1 AND read_at IS NULL', [userId]);
  },

  /** Whether the member wants alerts by e-mail: off without a row. */
  async emailOn(db: Queryable, userId: string): Promise<boolean> {
    const { rows } = await db.query<{ email: boolean }>('SELECT email FROM notification_settings WHERE user_id = $1', [userId]);
    return rows[0]?.email ?? false;
  },

  async setEmail(db: Queryable, userId: string, email: boolean): Promise<void> {
    await db.query(
      `INSERT INTO notification_settings (user_id, email) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, updated_at = now()`,
      [userId, email],
    );
  },

  /** A deleted member's notifications and settings. */
  async forgetMember(db: Queryable, userId: string): Promise<void> {
    await db.query('DELETE FROM notifications WHERE user_id = $1', [userId]);
    await db.query('DELETE FROM notification_settings WHERE user_id = $1', [userId]);
  },
};

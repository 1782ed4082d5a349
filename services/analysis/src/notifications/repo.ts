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

/** The members' notifications and notification settings (migration 0025). */
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

  /** A page of the member's notifications, newest first, with their total and unread counts. */
  async page(db: Queryable, userId: string, page: number, limit: number) {
    const [list, counts] = await Promise.all([
      db.query<NotificationRow>(
        `SELECT id, kind, symbol, title, body, created_at, read_at FROM notifications
         WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2 OFFSET $3`,
        [userId, limit, (page - 1) * limit],
      ),
      db.query<{ total: string; unread: string }>(
        'SELECT count(*) AS total, count(*) FILTER (WHERE read_at IS NULL) AS unread FROM notifications WHERE user_id = $1',
        [userId],
      ),
    ]);
    return { rows: list.rows, total: Number(counts.rows[0]?.total ?? 0), unread: Number(counts.rows[0]?.unread ?? 0) };
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

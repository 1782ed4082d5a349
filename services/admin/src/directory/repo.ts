import type { Queryable } from '@stockai/platform';

export interface MemberRow {
  user_id: string;
  email: string;
  first_name: string;
  last_name: string;
  role: 'user' | 'admin';
  level: string;
  registered_at: Date | null;
  last_login_at: Date | null;
}

export interface MemberCounts {
  total: number;
  admins: number;
  active: number;
  free: number;
  vip: number;
  premium: number;
}

/** A member shows in lists once registered here and until deleted. */
const LISTED = `deleted_at IS NULL AND registered_at IS NOT NULL`;

export const membersRepo = {
  async registered(db: Queryable, m: { userId: string; email: string; firstName: string; lastName: string; at: string }) {
    await db.query(
      `INSERT INTO members (user_id, email, first_name, last_name, registered_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET email = $2, first_name = $3, last_name = $4, registered_at = $5`,
      [m.userId, m.email, m.firstName, m.lastName, m.at],
    );
  },

  async roleChanged(db: Queryable, userId: string, role: 'user' | 'admin', at: string) {
    await db.query(
      `INSERT INTO members (user_id, role, role_changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET role = $2, role_changed_at = $3
       WHERE members.role_changed_at IS NULL OR members.role_changed_at < $3`,
      [userId, role, at],
    );
  },

  async levelChanged(db: Queryable, userId: string, level: string, at: string) {
    await db.query(
      `INSERT INTO members (user_id, level, level_changed_at) VALUES ($1, $2, $3)
       ON CONFLICT (user_id) DO UPDATE SET level = $2, level_changed_at = $3
       WHERE members.level_changed_at IS NULL OR members.level_changed_at < $3`,
      [userId, level, at],
    );
  },

  async loggedIn(db: Queryable, userId: string, at: string) {
    await db.query(
      `INSERT INTO members (user_id, last_login_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET last_login_at = GREATEST(members.last_login_at, $2)`,
      [userId, at],
    );
  },

  async deleted(db: Queryable, userId: string, at: string) {
    await db.query(
      `INSERT INTO members (user_id, deleted_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET deleted_at = COALESCE(members.deleted_at, $2)`,
      [userId, at],
    );
  },

  async find(db: Queryable, userId: string): Promise<MemberRow | undefined> {
    const { rows } = await db.query<MemberRow>(`SELECT * FROM members WHERE user_id = $1 AND ${LISTED}`, [userId]);
    return rows[0];
  },

  /** Newest first; `search` matches part of the e-mail address or the name, ignoring case. */
  async page(db: Queryable, options: { limit: number; offset: number; search?: string }): Promise<{ rows: MemberRow[]; total: number }> {
    const pattern = options.search ? `%${options.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
    const where = `${LISTED} AND ($1::text IS NULL OR email ILIKE $1 OR (first_name || ' ' || last_name) ILIKE $1)`;
    const [list, count] = await Promise.all([
      db.query<MemberRow>(`SELECT * FROM members WHERE ${where} ORDER BY registered_at DESC, user_id LIMIT $2 OFFSET $3`, [
        pattern,
        options.limit,
        options.offset,
      ]),
      db.query<{ total: string }>(`SELECT count(*) AS total FROM members WHERE ${where}`, [pattern]),
    ]);
    return { rows: list.rows, total: Number(count.rows[0]?.total ?? 0) };
  },

  /** `activeSince`: a member who signed in since then counts as active. */
  async counts(db: Queryable, activeSince: Date): Promise<MemberCounts> {
    const { rows } = await db.query<Record<keyof MemberCounts, string>>(
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE role = 'admin') AS admins,
              count(*) FILTER (WHERE last_login_at >= $1) AS active,
              count(*) FILTER (WHERE level = 'free') AS free,
              count(*) FILTER (WHERE level = 'vip') AS vip,
              count(*) FILTER (WHERE level = 'premium') AS premium
       FROM members WHERE ${LISTED}`,
      [activeSince],
    );
    const row = rows[0];
    return {
      total: Number(row?.total ?? 0),
      admins: Number(row?.admins ?? 0),
      active: Number(row?.active ?? 0),
      free: Number(row?.free ?? 0),
      vip: Number(row?.vip ?? 0),
      premium: Number(row?.premium ?? 0),
    };
  },
};

/** The record of each fill of the directory from auth's accounts (backfill.ts). */
export const directoryBackfillsRepo = {
  async start(q: Queryable, adminId: string): Promise<string | undefined> {
    const { rows } = await q.query<{ id: string }>(
      'INSERT INTO directory_backfills (started_at, admin_id) VALUES (now(), $1) RETURNING id',
      [adminId],
    );
    return rows[0]?.id;
  },

  async complete(q: Queryable, id: string | undefined, accounts: number): Promise<void> {
    await q.query('UPDATE directory_backfills SET completed_at = now(), accounts = $2 WHERE id = $1', [id, accounts]);
  },

  /** Whether any fill ever completed (in this or an earlier run). */
  async anyCompleted(q: Queryable): Promise<boolean> {
    const { rows } = await q.query('SELECT 1 FROM directory_backfills WHERE completed_at IS NOT NULL LIMIT 1');
    return rows.length > 0;
  },
};

import { randomUUID } from 'node:crypto';
import type { Queryable } from '@stockai/platform';

export type SyncAction = 'create' | 'update' | 'webhook';
export type SyncTrigger = 'user.registered' | 'manual' | 'webhook';

export interface SyncLogEntry {
  id: string;
  email: string;
  action: SyncAction;
  trigger: SyncTrigger;
  outcome: 'success' | 'failed';
  ghostMemberId: string | null;
  detail: string | null;
  createdAt: string;
}

interface SyncLogRow {
  id: string;
  email: string;
  action: SyncAction;
  trigger: SyncTrigger;
  outcome: 'success' | 'failed';
  ghost_member_id: string | null;
  detail: string | null;
  created_at: Date | string;
}

export const membersRepo = {
  async rememberUser(db: Queryable, user: { email: string; userId?: string; name: string }): Promise<void> {
    await db.query(
      `INSERT INTO ghost_members_known (email, user_id, name) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO UPDATE SET user_id = COALESCE(EXCLUDED.user_id, ghost_members_known.user_id),
         name = CASE WHEN EXCLUDED.name <> '' THEN EXCLUDED.name ELSE ghost_members_known.name END`,
      [user.email.toLowerCase(), user.userId ?? null, user.name],
    );
  },

  async knownName(db: Queryable, email: string): Promise<string> {
    const { rows } = await db.query<{ name: string }>('SELECT name FROM ghost_members_known WHERE email = $1', [email.toLowerCase()]);
    return rows[0]?.name ?? '';
  },

  async rememberGhostId(db: Queryable, email: string, ghostMemberId: string): Promise<void> {
    await db.query(
      `INSERT INTO ghost_members_known (email, ghost_member_id) VALUES ($1, $2)
       ON CONFLICT (email) DO UPDATE SET ghost_member_id = EXCLUDED.ghost_member_id`,
      [email.toLowerCase(), ghostMemberId],
    );
  },

  async log(db: Queryable, entry: Omit<SyncLogEntry, 'id' | 'createdAt'>): Promise<void> {
    await db.query(
      `INSERT INTO ghost_sync_log (id, email, action, trigger, outcome, ghost_member_id, detail) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [
        randomUUID(),
        entry.email.toLowerCase(),
        entry.action,
        entry.trigger,
        entry.outcome,
        entry.ghostMemberId,
        entry.detail?.slice(0, 1000) ?? null,
      ],
    );
  },

  async logs(db: Queryable, page: number, limit: number): Promise<{ logs: SyncLogEntry[]; total: number }> {
    const [{ rows }, count] = await Promise.all([
      db.query<SyncLogRow>('SELECT * FROM ghost_sync_log ORDER BY created_at DESC, id LIMIT $1 OFFSET $2', [limit, (page - 1) * limit]),
      db.query<{ n: string }>('SELECT count(*) AS n FROM ghost_sync_log'),
    ]);
    return {
      logs: rows.map((r) => ({
        id: r.id,
        email: r.email,
        action: r.action,
        trigger: r.trigger,
        outcome: r.outcome,
        ghostMemberId: r.ghost_member_id,
        detail: r.detail,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      total: Number(count.rows[0]?.n ?? 0),
    };
  },

  /** The e-mail a user registered with, as heard from user.registered. */
  async emailOfUser(db: Queryable, userId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ email: string }>('SELECT email FROM ghost_members_known WHERE user_id = $1', [userId]);
    return rows[0]?.email;
  },
};

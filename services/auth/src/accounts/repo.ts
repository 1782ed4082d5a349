import type { Queryable } from '@stockai/platform';

export interface UserRow {
  id: string;
  email: string;
  password_hash: string | null;
  first_name: string;
  last_name: string;
  phone: string | null;
  role: 'user' | 'admin';
  level: 'free' | 'vip' | 'premium';
  created_at: Date;
}

export const emailKey = (email: string) => email.trim().toLowerCase();

export const usersRepo = {
  async findByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE email_key = $1', [emailKey(email)]);
    return rows[0];
  },

  /** Up to `limit` users with an id after `after` (all from the first with null), by id: a page of the directory. */
  async pageAfter(db: Queryable, after: string | null, limit: number): Promise<UserRow[]> {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE $1::uuid IS NULL OR id > $1 ORDER BY id LIMIT $2', [after, limit]);
    return rows;
  },

  async findById(db: Queryable, id: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE id = $1', [id]);
    return rows[0];
  },

  /** Inserts the user; returns undefined when the e-mail is already taken. */
  async insert(
    db: Queryable,
    user: { id: string; email: string; passwordHash: string | null; firstName: string; lastName: string; googleSub?: string },
  ): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>(
      `INSERT INTO users (id, email, email_key, password_hash, first_name, last_name, google_sub)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (email_key) DO NOTHING
       RETURNING *`,
      [user.id, user.email.trim(), emailKey(user.email), user.passwordHash, user.firstName, user.lastName, user.googleSub ?? null],
    );
    return rows[0];
  },

  async findByGoogleSub(db: Queryable, sub: string): Promise<UserRow | undefined> {
    const { rows } = await db.query<UserRow>('SELECT * FROM users WHERE google_sub = $1', [sub]);
    return rows[0];
  },

  async linkGoogle(db: Queryable, id: string, sub: string): Promise<void> {
    await db.query('UPDATE users SET google_sub = $2, updated_at = now() WHERE id = $1', [id, sub]);
  },

  async setRole(db: Queryable, id: string, role: UserRow['role']): Promise<void> {
    await db.query('UPDATE users SET role = $2, updated_at = now() WHERE id = $1', [id, role]);
  },

  /** Removes the account; its profile and reset links go with it (ON DELETE CASCADE). */
  async delete(db: Queryable, id: string): Promise<void> {
    await db.query('DELETE FROM users WHERE id = $1', [id]);
  },

  /** Changes the given names and phone; undefined leaves one as it is (a phone of null clears it). */
  async updateContact(db: Queryable, id: string, change: { firstName?: string; lastName?: string; phone?: string | null }): Promise<void> {
    await db.query(
      `UPDATE users SET first_name = COALESCE($2, first_name), last_name = COALESCE($3, last_name),
         phone = CASE WHEN $4::boolean THEN $5 ELSE phone END, updated_at = now()
       WHERE id = $1`,
      [id, change.firstName ?? null, change.lastName ?? null, change.phone !== undefined, change.phone ?? null],
    );
  },

  /** Sets the membership level billing announced at `at`; a change older than the one applied is ignored. */
  async setLevel(db: Queryable, id: string, level: UserRow['level'], at: string): Promise<void> {
    await db.query(
      `UPDATE users SET level = $2, level_changed_at = $3, updated_at = now()
       WHERE id = $1 AND (level_changed_at IS NULL OR level_changed_at < $3)`,
      [id, level, at],
    );
  },

  async setPassword(db: Queryable, id: string, passwordHash: string): Promise<void> {
    await db.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [id, passwordHash]);
  },
};

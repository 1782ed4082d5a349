import type { Queryable } from '@stockai/platform';

/** Password-reset tokens, stored only as their SHA-256 (`tokenHash`). */
export const resetTokensRepo = {
  /** The user's one usable token: earlier unused ones are removed. */
  async replaceFor(tx: Queryable, userId: string, tokenHash: string, lifetimeMinutes: number): Promise<void> {
    await tx.query('DELETE FROM password_reset_tokens WHERE user_id = $1 AND used_at IS NULL', [userId]);
    await tx.query(
      `INSERT INTO password_reset_tokens (token_hash, user_id, expires_at)
       VALUES ($1, $2, now() + make_interval(mins => $3))`,
      [tokenHash, userId, lifetimeMinutes],
    );
  },

  /** The e-mail of the user a usable (unused, unexpired) token belongs to. */
  async emailOfUsable(db: Queryable, tokenHash: string): Promise<string | undefined> {
    const { rows } = await db.query<{ email: string }>(
      `SELECT u.email FROM password_reset_tokens t JOIN users u ON u.id = t.user_id
       WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()`,
      [tokenHash],
    );
    return rows[0]?.email;
  },

  /** Marks a usable token used, once (of two racing requests one gets the user id); the user id. */
  async use(tx: Queryable, tokenHash: string): Promise<string | undefined> {
    const { rows } = await tx.query<{ user_id: string }>(
      `UPDATE password_reset_tokens SET used_at = now()
       WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
       RETURNING user_id`,
      [tokenHash],
    );
    return rows[0]?.user_id;
  },
};

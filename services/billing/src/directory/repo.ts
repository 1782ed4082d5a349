import type { Queryable } from '@stockai/platform';

/** The fields of `user.updated` that change what the directory shows. */
export const NAME_FIELDS = ['firstName', 'lastName'] as const;

export const userDirectoryRepo = {
  /** The user as registered; a repeat, or a registration arriving after an update, keeps the update's mark. */
  async register(
    db: Queryable,
    user: { userId: string; email: string; firstName: string; lastName: string; registeredAt: string },
  ): Promise<void> {
    await db.query(
      `INSERT INTO user_directory (user_id, email, first_name, last_name, registered_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, first_name = EXCLUDED.first_name,
         last_name = EXCLUDED.last_name, registered_at = EXCLUDED.registered_at`,
      [user.userId, user.email, user.firstName, user.lastName, user.registeredAt],
    );
  },

  /** Marks the name as changed at `at` (the latest report wins; an older, late event changes nothing). */
  async markNameChanged(db: Queryable, userId: string, at: string): Promise<void> {
    await db.query(
      `INSERT INTO user_directory (user_id, name_changed_at) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET name_changed_at = GREATEST(user_directory.name_changed_at, EXCLUDED.name_changed_at)`,
      [userId, at],
    );
  },
};

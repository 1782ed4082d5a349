import argon2 from 'argon2';
import { eventData } from '@stockai/contracts';
import { type Queryable, newEvent, writeOutbox } from '@stockai/platform';
import { type UserRow, usersRepo } from './repo';

/** Every password is stored as an argon2id hash. */
export const hashPassword = (password: string) => argon2.hash(password, { type: argon2.argon2id });

/** Announces a new account (registration, first Google sign-in, the seeded admin) in `tx`. */
export async function writeUserRegistered(tx: Queryable, row: UserRow): Promise<void> {
  await writeOutbox(
    tx,
    newEvent(
      'user.registered',
      eventData('user.registered', {
        userId: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        registeredAt: row.created_at.toISOString(),
      }),
    ),
  );
}

/**
 * Stores a new password hash and announces it in `tx` (password change and reset); the caller
 * revokes the user's earlier tokens once the transaction has committed.
 */
export async function storeNewPassword(tx: Queryable, userId: string, passwordHash: string): Promise<void> {
  await usersRepo.setPassword(tx, userId, passwordHash);
  await writeOutbox(tx, newEvent('user.updated', eventData('user.updated', { userId, fields: ['password'] })));
}

/** Announces a role change in `tx`, so the admin service's member directory follows it. */
export async function writeRoleChanged(tx: Queryable, userId: string, role: UserRow['role']): Promise<void> {
  await writeOutbox(tx, newEvent('user.updated', eventData('user.updated', { userId, fields: ['role'], role })));
}

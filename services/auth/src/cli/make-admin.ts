/**
 * Makes an existing user an admin: `npm run make-admin -- someone@example.com`.
 *
 * Distributed: set DATABASE_URL (or AUTH_DATABASE_URL) as for the auth service; the change
 * applies at the user's next login (their current token still says `user`).
 * All-in-one: run it while `npm start` is stopped (the embedded database under DATA_DIR,
 * default ./data, is opened by one process at a time).
 */
import path from 'node:path';
import { createPgliteDatabase, createPostgresDatabase, type Database, databaseUrlFor } from '@stockai/platform';
import { writeRoleChanged } from '../accounts/events';
import { usersRepo } from '../accounts/repo';

async function main() {
  const email = process.argv[2];
  if (!email) {
    console.error('Usage: npm run make-admin -- <e-mail address>');
    process.exit(2);
  }
  const distributed = Boolean(process.env.DATABASE_URL ?? process.env.AUTH_DATABASE_URL);
  const db: Database = distributed
    ? createPostgresDatabase(await databaseUrlFor('auth', process.env.DATABASE_URL ?? ''))
    : await createPgliteDatabase(path.join(path.resolve(process.env.DATA_DIR ?? './data'), 'auth'));
  try {
    const user = await usersRepo.findByEmail(db, email);
    if (!user) {
      console.error(`No account with the e-mail address ${email}`);
      process.exitCode = 1;
      return;
    }
    // The event waits in auth's outbox until the auth service runs, then reaches the admin directory.
    await db.transaction(async (tx) => {
      await usersRepo.setRole(tx, user.id, 'admin');
      await writeRoleChanged(tx, user.id, 'admin');
    });
    console.log(`${user.email} is now an admin${user.role === 'admin' ? ' (already was)' : ''}; it applies from their next login`);
  } finally {
    await db.close();
  }
}

void main();

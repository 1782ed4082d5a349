import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type Database, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import { creditAccountsRepo } from '../credits/repo';

/** A new PostgreSQL database with billing's schema (and the platform's outbox), for tests beside the code. */
export async function billingTestDatabase(): Promise<{ db: Database; drop(): Promise<void> }> {
  const test = await createTestDatabase();
  await migrateServiceSchema(test.db, path.join(__dirname, '..', '..', 'migrations'));
  return test;
}

/** A member's credit account as `user.registered` opens it (no credits until the first lock). */
export async function openTestAccount(db: Database): Promise<string> {
  const userId = randomUUID();
  await creditAccountsRepo.open(db, { userId, email: `${userId}@example.com`, firstName: 'Test', lastName: 'Member' });
  return userId;
}

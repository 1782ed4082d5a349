import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { type Database, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import { creditAccountsRepo } from '../credits/repo';

const MIGRATIONS = path.join(__dirname, '..', '..', 'migrations');
const NAMES_MIGRATION = '0019_payment_package_names.sql';

/**
 * Migration 0019 on real PostgreSQL: payments made before it take the name their package or plan
 * has at the upgrade; a payment whose package was already deleted has none to take.
 */
describe('payments keep their package name (migration 0019)', () => {
  let db: Database;
  let drop: () => Promise<void>;
  const before = fs.mkdtempSync(path.join(os.tmpdir(), 'billing-migrations-'));

  beforeAll(async () => {
    // The schema as it was just before the migration, then the migration itself.
    for (const file of fs.readdirSync(MIGRATIONS).filter((f) => f.endsWith('.sql') && f < NAMES_MIGRATION)) {
      fs.copyFileSync(path.join(MIGRATIONS, file), path.join(before, file));
    }
    ({ db, drop } = await createTestDatabase());
    await migrateServiceSchema(db, before);
  });

  afterAll(async () => {
    await drop?.();
    fs.rmSync(before, { recursive: true, force: true });
  });

  it('names the payments of packages and plans that still exist, and leaves a deleted package unnamed', async () => {
    const userId = randomUUID();
    await creditAccountsRepo.open(db, { userId, email: `${userId}@example.com`, firstName: 'Old', lastName: 'Payer' });
    await db.query("INSERT INTO credit_packages (type, name, credits, price_minor, currency) VALUES ('gone_pkg', 'Gone', 5, 1000, 'HKD')");
    const pay = async (type: 'topup' | 'subscription', packageType: string) => {
      const id = randomUUID();
      await db.query(
        `INSERT INTO payments (id, user_id, type, package_type, credits, amount, currency, status, provider, provider_payment_id)
         VALUES ($1, $2, $3, $4, 5, 1000, 'HKD', 'completed', 'demo', $5)`,
        [id, userId, type, packageType, `pi_${id}`],
      );
      return id;
    };
    const kept = await pay('topup', 'basic');
    const gone = await pay('topup', 'gone_pkg');
    const plan = (await db.query<{ id: string; name: string }>("SELECT id, name FROM subscription_plans WHERE id <> 'free' LIMIT 1"))
      .rows[0];
    const subscription = await pay('subscription', String(plan?.id));
    await db.query("DELETE FROM credit_packages WHERE type = 'gone_pkg'");
    const basicName = (await db.query<{ name: string }>("SELECT name FROM credit_packages WHERE type = 'basic'")).rows[0]?.name;

    await migrateServiceSchema(db, MIGRATIONS);

    const { rows } = await db.query<{ id: string; package_name: string | null }>(
      'SELECT id, package_name FROM payments WHERE user_id = $1',
      [userId],
    );
    const nameOf = (id: string) => rows.find((r) => r.id === id)?.package_name;
    expect(basicName).toEqual(expect.any(String));
    expect(nameOf(kept)).toBe(basicName);
    expect(nameOf(subscription)).toBe(plan?.name);
    expect(nameOf(gone)).toBeNull();
  });
});

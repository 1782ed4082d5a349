import { randomUUID } from 'node:crypto';
import type { ServiceContext } from '@stockai/platform';
import { hashPassword, writeRoleChanged, writeUserRegistered } from './events';
import { usersRepo } from './repo';

/**
 * Makes sure the configured admin account exists (ADMIN_EMAIL / ADMIN_PASSWORD): a new
 * account is created with that password and announced like any registration; an existing one
 * is made admin and keeps its password.
 */
export async function seedAdmin(ctx: ServiceContext, admin: { email: string; password: string }): Promise<void> {
  const existing = await usersRepo.findByEmail(ctx.db, admin.email);
  if (existing) {
    if (existing.role !== 'admin') {
      await ctx.db.transaction(async (tx) => {
        await usersRepo.setRole(tx, existing.id, 'admin');
        await writeRoleChanged(tx, existing.id, 'admin');
      });
      ctx.outbox.kick();
    }
    ctx.logger.info({ email: existing.email }, 'admin account ready');
    return;
  }
  const passwordHash = await hashPassword(admin.password);
  await ctx.db.transaction(async (tx) => {
    const row = await usersRepo.insert(tx, { id: randomUUID(), email: admin.email, passwordHash, firstName: 'Admin', lastName: 'StockAI' });
    if (!row) return; // another replica created it at the same moment
    await usersRepo.setRole(tx, row.id, 'admin');
    await writeUserRegistered(tx, row);
    await writeRoleChanged(tx, row.id, 'admin');
  });
  ctx.outbox.kick();
  ctx.logger.info({ email: admin.email }, 'admin account created');
}

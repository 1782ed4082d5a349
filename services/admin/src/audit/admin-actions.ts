import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { type Database, type Logger, toAppError } from '@stockai/platform';
import { activitiesRepo } from '../activities/repo';
import { adminOf } from '../access/require-admin';

export interface AdminChange<T> {
  /** What was changed, e.g. `package.update`. */
  action: string;
  /** Which thing: a package type, a plan id, a member id, a symbol. */
  target: string;
  /** The state before, read from its owner; undefined when there was none (an addition). */
  before?: () => Promise<unknown>;
  /** The change itself, made by the owner. */
  apply: () => Promise<T>;
  /** The state after, from the owner's answer. */
  after?: (result: T) => unknown;
  /** Why, when the admin said. */
  reason?: string;
}

/**
 * The audit trail: every change an admin makes through the admin API is one `admin_action`
 * activity (who, what, before → after), also when the owner refused it (status failed, with
 * its message), so the activity list and stats show what admins did. The entry is written after
 * the owner answered; a failure to write it is logged, never undoes the change.
 */
export function adminActions(db: Database, logger: Logger) {
  return {
    async record<T>(req: Request, change: AdminChange<T>): Promise<T> {
      const admin = adminOf(req);
      const before = change.before ? await change.before().catch(() => undefined) : undefined;
      const write = (status: 'success' | 'failed', details: Record<string, unknown>) =>
        activitiesRepo
          .insert(db, {
            id: randomUUID(),
            occurred_at: new Date(),
            user_id: admin.id,
            email: admin.email,
            activity_type: 'admin_action',
            status,
            details: { action: change.action, target: change.target, before: before ?? null, reason: change.reason, ...details },
          })
          .catch((err: unknown) => logger.error({ err, action: change.action }, 'could not record the admin action'));
      try {
        const result = await change.apply();
        await write('success', { after: change.after ? change.after(result) : null });
        return result;
      } catch (err) {
        await write('failed', { error: toAppError(err)?.message ?? 'failed' });
        throw err;
      }
    },
  };
}

export type AdminActions = ReturnType<typeof adminActions>;

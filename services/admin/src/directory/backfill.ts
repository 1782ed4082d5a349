import type { Request, RequestHandler } from 'express';
import type { Database, Logger, Queryable } from '@stockai/platform';
import { adminOf } from '../access/require-admin';
import type { OwnerClient } from '../owners/client';
import { directoryBackfillsRepo, membersRepo } from './repo';

/** Accounts asked of auth per call. */
const PAGE_SIZE = 100;

/** An account as auth's `GET /internal/admin/users` lists it. */
interface Account {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  role: 'user' | 'admin';
  level: 'free' | 'vip' | 'premium';
  registeredAt: string;
}

/**
 * Fills the members directory from auth's accounts, a page at a time. The directory is built
 * from events, so members who registered before the admin service's queue existed are missing
 * from it. Idempotent: each account is applied as its registration, and its role and level as
 * changes made when the page was read, so an older event arriving later cannot undo them and a
 * newer one still wins; a deleted member's tombstone stays (auth no longer lists them anyway).
 * Auth checks the admin's token (ADR 0007), so a fill runs on an admin's call, never on its own.
 */
/** An account as its registration, its role and level as changes made when it was read (`readAt`). */
async function apply(tx: Queryable, a: Account, readAt: string): Promise<void> {
  await membersRepo.registered(tx, { userId: a.id, email: a.email, firstName: a.firstName, lastName: a.lastName, at: a.registeredAt });
  await membersRepo.roleChanged(tx, a.id, a.role, readAt);
  await membersRepo.levelChanged(tx, a.id, a.level, readAt);
}

export function directoryBackfill(deps: { db: Database; auth: OwnerClient; logger: Logger }) {
  const { db, auth, logger } = deps;
  let firstFill: Promise<void> | undefined;

  async function run(req: Request): Promise<{ accounts: number }> {
    const fillId = await directoryBackfillsRepo.start(db, adminOf(req).id);
    let accounts = 0;
    let after: string | null = null;
    do {
      const readAt = new Date().toISOString();
      const page: { users: Account[]; next: string | null } = await auth.call(req, 'GET', '/internal/admin/users', {
        query: { limit: String(PAGE_SIZE), ...(after ? { after } : {}) },
      });
      await db.transaction(async (tx) => {
        for (const a of page.users) await apply(tx, a, readAt);
      });
      accounts += page.users.length;
      after = page.next;
    } while (after);
    await directoryBackfillsRepo.complete(db, fillId, accounts);
    logger.info({ accounts }, 'members directory filled from auth');
    return { accounts };
  }

  return {
    /** On demand (POST /api/admin/members/backfill). */
    run,

    /**
     * One member the directory has not heard of yet, from auth: an admin who acts on a member
     * the moment they registered finds them (issue 28), rather than a 404 until the event
     * arrives. False when auth has no such account either.
     */
    async one(req: Request, userId: string): Promise<boolean> {
      const readAt = new Date().toISOString();
      const found = await auth
        .call<{ user: Account }>(req, 'GET', `/internal/admin/users/${encodeURIComponent(userId)}`)
        .catch((err: unknown) => {
          if ((err as { status?: number }).status === 404) return undefined;
          throw err;
        });
      if (!found) return false;
      await db.transaction((tx) => apply(tx, found.user, readAt));
      return true;
    },

    /**
     * Before the first admin call a process answers: a fill, unless one completed before (in
     * this or an earlier run). One at a time; a failed fill is logged and tried on the next call.
     */
    firstFill(): RequestHandler {
      return (req, _res, next) => {
        firstFill ??= (async () => {
          if (!(await directoryBackfillsRepo.anyCompleted(db))) await run(req);
        })().catch((err: unknown) => {
          logger.warn({ err }, 'could not fill the members directory from auth; the next admin call tries again');
          firstFill = undefined;
        });
        firstFill.then(() => next(), next);
      };
    },
  };
}

export type DirectoryBackfill = ReturnType<typeof directoryBackfill>;

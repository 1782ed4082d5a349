import type { Database } from '@stockai/platform';
import { STRIPE_RENEWAL_GRACE_MS } from './periods';
import { subscriptionsRepo } from './repo';

const BATCH = 100;

/**
 * The periodic sweep: subscriptions past their end are settled (renewed or expired to free)
 * even when nobody reads them, and ended subscriptions still running at their card processor
 * are cancelled there. Each user is settled in the same locked transaction a read uses, so
 * sweeps on several replicas and concurrent reads announce every expiry once. A user whose
 * settlement fails (the processor does not answer, say) is logged and left for the next pass;
 * the others are settled all the same.
 */
export function expirySweep(deps: {
  db: Database;
  settle: (userId: string) => Promise<unknown>;
  now: () => Date;
  log: (err: unknown, msg: string) => void;
}) {
  /** One pass; the number of users settled. */
  async function sweepOnce(): Promise<number> {
    let settled = 0;
    // Users tried in this pass: one that failed is still due, and must not be tried again until the next.
    const tried = new Set<string>();
    for (;;) {
      const now = deps.now();
      const due = await subscriptionsRepo.usersToSettle(
        deps.db,
        now,
        new Date(now.getTime() - STRIPE_RENEWAL_GRACE_MS),
        BATCH + tried.size,
      );
      const users = due.filter((userId) => !tried.has(userId));
      for (const userId of users) {
        tried.add(userId);
        try {
          await deps.settle(userId);
          settled += 1;
        } catch (err) {
          deps.log(err, `could not settle the subscription of user ${userId}; the next sweep tries again`);
        }
      }
      if (users.length === 0 || due.length < BATCH + tried.size - users.length) return settled;
    }
  }

  return { sweepOnce };
}

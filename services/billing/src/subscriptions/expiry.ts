import type { Database } from '@stockai/platform';
import { STRIPE_RENEWAL_GRACE_MS } from './periods';
import { subscriptionsRepo } from './repo';

const BATCH = 100;

/**
 * The periodic sweep: subscriptions past their end are settled (renewed or expired to free)
 * even when nobody reads them. Each user is settled in the same locked transaction a read
 * uses, so sweeps on several replicas and concurrent reads announce every expiry once.
 */
export function expirySweep(deps: { db: Database; settle: (userId: string) => Promise<unknown>; now: () => Date; log: (err: unknown, msg: string) => void }) {
  /** One pass; the number of users settled. */
  async function sweepOnce(): Promise<number> {
    let settled = 0;
    for (;;) {
      const now = deps.now();
      const users = await subscriptionsRepo.usersPastEnd(deps.db, now, new Date(now.getTime() - STRIPE_RENEWAL_GRACE_MS), BATCH);
      for (const userId of users) await deps.settle(userId);
      settled += users.length;
      if (users.length < BATCH) return settled;
    }
  }

  /** Sweeps every `intervalMs` until `stop`, which waits for a pass under way. */
  function start(intervalMs: number): { stop(): Promise<void> } {
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> = Promise.resolve();
    let stopped = false;
    const tick = () => {
      running = sweepOnce()
        .then(() => undefined)
        .catch((err: unknown) => deps.log(err, 'subscription expiry sweep failed'))
        .finally(() => {
          if (!stopped) timer = setTimeout(tick, intervalMs).unref();
        });
    };
    timer = setTimeout(tick, intervalMs).unref();
    return {
      async stop() {
        stopped = true;
        clearTimeout(timer);
        await running;
      },
    };
  }

  return { sweepOnce, start };
}

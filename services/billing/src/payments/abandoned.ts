import type { Database } from '@stockai/platform';
import type { PaymentProcessor } from './processor';
import { paymentsRepo } from './repo';
import type { PaymentsService } from './service';

/** How long a package payment may wait for its card before the sweep cancels it. */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;
const BATCH = 100;

/**
 * Cancels, at the card processor, package payment intents no card was submitted for within a
 * day (the web app creates one whenever a package is picked), so they cannot be paid weeks
 * later at an old price and stop counting as open. Each is then settled as any intent is: one
 * cancelled is recorded as abandoned (statuses.ts); one whose card came in meanwhile (the
 * processor refuses the cancel) is recorded as it stands, and granted if it succeeded. A
 * failure is logged and the intent left for the next pass.
 */
export function abandonedPaymentsSweep(deps: {
  db: Database;
  processor: PaymentProcessor;
  payments: PaymentsService;
  now: () => Date;
  log: (err: unknown, msg: string) => void;
}) {
  /** One pass; the number of intents cancelled. */
  async function sweepOnce(): Promise<number> {
    const before = new Date(deps.now().getTime() - ABANDONED_AFTER_MS);
    const ids = await paymentsRepo.unsubmittedBefore(deps.db, deps.processor.name, before, BATCH);
    let cancelled = 0;
    for (const id of ids) {
      try {
        const intent = await deps.processor.cancelIntent(id).catch(async (err: unknown) => {
          deps.log(err, `the card processor did not cancel the abandoned payment intent ${id}; recording how it stands`);
          return deps.processor.retrieveIntent(id);
        });
        await deps.payments.settleKnown(intent);
        if (intent.status === 'canceled') cancelled += 1;
      } catch (err) {
        deps.log(err, `could not settle the abandoned payment intent ${id}; the next sweep tries again`);
      }
    }
    return cancelled;
  }

  return { sweepOnce };
}

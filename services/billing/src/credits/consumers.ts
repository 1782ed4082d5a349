import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Subscription, handleOnce } from '@stockai/platform';
import type { CreditsService } from './service';

export function creditsSubscriptions(db: Database, credits: CreditsService): Subscription[] {
  return [
    {
      ...eventQueue('billing.user-registered'),
      handler: handleOnce(db, 'billing.user-registered', async (event, tx) => {
        await credits.openAccount(tx, parseEventData('user.registered', event.data));
      }),
    },
    {
      // A failed analysis gives its credit back, once (the refund's ledger key is unique); when its
      // debit has not committed yet, the refund is recorded first and the debit is then refused.
      ...eventQueue('billing.analysis-failed'),
      handler: handleOnce(db, 'billing.analysis-failed', async (event, tx) => {
        const { analysisId, userId } = parseEventData('analysis.failed', event.data);
        await credits.refund(tx, userId, `analysis:${analysisId}`);
      }),
    },
  ];
}

import { parseEventData } from '@stockai/contracts';
import { type Database, type Subscription, handleOnce } from '@stockai/platform';
import type { CreditsService } from './service';

export function creditsSubscriptions(db: Database, credits: CreditsService): Subscription[] {
  return [
    {
      queue: 'billing.user-registered',
      patterns: ['user.registered'],
      handler: handleOnce(db, 'billing.user-registered', async (event, tx) => {
        await credits.openAccount(tx, parseEventData('user.registered', event.data));
      }),
    },
  ];
}

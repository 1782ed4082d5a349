import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Logger, type Subscription, handleOnce } from '@stockai/platform';
import { investorTypesRepo } from './repo';

const QUEUE = 'analysis.user-profiles';

/**
 * Keeps each user's investor type from auth's `user.updated`, so that an analysis started
 * without a userProfile (an API client, `POST analyze-stocks`) still highlights the user's own
 * type, without analysis asking auth at start time. Updates that carry no `investorType` (a
 * password change, events older than the field) leave the stored type as it is. Each event is
 * applied once (the inbox), and a late event never overwrites a newer change (its occurredAt).
 */
export function investorTypeSubscriptions(db: Database, logger: Logger): Subscription[] {
  return [
    {
      ...eventQueue(QUEUE),
      handler: handleOnce(db, QUEUE, async (event, tx) => {
        const { userId, investorType } = parseEventData('user.updated', event.data);
        if (investorType === undefined) return;
        const recorded = await investorTypesRepo.record(tx, { userId, investorType, changedAt: event.occurredAt });
        if (!recorded)
          logger.info({ userId, eventId: event.id, occurredAt: event.occurredAt }, 'kept a newer investor type over a late user.updated');
      }),
    },
  ];
}

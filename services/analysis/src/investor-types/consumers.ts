import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Logger, type Subscription, handleOnce } from '@stockai/platform';
import { investorPreferencesRepo, investorTypesRepo } from './repo';

const QUEUE = 'analysis.user-profiles';

/**
 * Keeps each user's investor type and investment preferences from auth's `user.updated`, so
 * that an analysis started without a userProfile (an API client, `POST analyze-stocks`) still
 * highlights the user's own type and tailors its advice to the preferences, without analysis
 * asking auth at start time. Updates that carry no `investorType` or `preferences` (a password
 * change, events older than the fields) leave the stored one as it is. Each event is applied
 * once (the inbox), and a late event never overwrites a newer change (its occurredAt).
 */
export function investorTypeSubscriptions(db: Database, logger: Logger): Subscription[] {
  return [
    {
      ...eventQueue(QUEUE),
      handler: handleOnce(db, QUEUE, async (event, tx) => {
        const { userId, investorType, preferences } = parseEventData('user.updated', event.data);
        const changedAt = event.occurredAt;
        const late = { userId, eventId: event.id, occurredAt: changedAt };
        if (investorType !== undefined && !(await investorTypesRepo.record(tx, { userId, investorType, changedAt })))
          logger.info(late, 'kept a newer investor type over a late user.updated');
        if (preferences !== undefined && !(await investorPreferencesRepo.record(tx, { userId, preferences, changedAt })))
          logger.info(late, 'kept newer preferences over a late user.updated');
      }),
    },
  ];
}

import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Logger, type Subscription, handleOnce } from '@stockai/platform';
import { notificationsRepo } from '../notifications/repo';
import { watchlistRepo } from './repo';

const QUEUE = 'analysis.members';

/**
 * Keeps each member's level from billing's `membership.changed` (the watchlist's limit follows
 * it; a late event never overwrites a newer change), and forgets a deleted member's watchlist,
 * alerts and notifications on auth's `user.deleted`. Each event is applied once (the inbox).
 */
export function memberSubscriptions(db: Database, logger: Logger): Subscription[] {
  return [
    {
      ...eventQueue(QUEUE),
      handler: handleOnce(db, QUEUE, async (event, tx) => {
        if (event.type === 'membership.changed') {
          const { userId, level } = parseEventData('membership.changed', event.data);
          if (!(await watchlistRepo.recordLevel(tx, userId, level, event.occurredAt)))
            logger.info({ userId, eventId: event.id }, 'kept a newer membership level over a late membership.changed');
        } else if (event.type === 'user.deleted') {
          const { userId } = parseEventData('user.deleted', event.data);
          await watchlistRepo.forgetMember(tx, userId);
          await notificationsRepo.forgetMember(tx, userId);
        }
      }),
    },
  ];
}

import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Subscription, handleOnce } from '@stockai/platform';
import { usersRepo } from '../accounts/repo';

/**
 * Keeps the user's membership level (free, vip, premium), owned by billing, on the user, for
 * login and verify answers. Events can arrive late or out of order: a change older than the
 * one already applied is ignored.
 */
export function membershipConsumer(db: Database): Subscription {
  return {
    ...eventQueue('auth.membership-changed'),
    handler: handleOnce(db, 'auth.membership-changed', async (event, tx) => {
      const { userId, level } = parseEventData('membership.changed', event.data);
      await usersRepo.setLevel(tx, userId, level, event.occurredAt);
    }),
  };
}

import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Subscription, handleOnce } from '@stockai/platform';

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
      await tx.query(
        `UPDATE users SET level = $2, level_changed_at = $3, updated_at = now()
         WHERE id = $1 AND (level_changed_at IS NULL OR level_changed_at < $3)`,
        [userId, level, event.occurredAt],
      );
    }),
  };
}

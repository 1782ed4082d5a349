import { eventQueue, parseEventData } from '@stockai/contracts';
import type { Subscription } from '@stockai/platform';
import type { MembersService } from './service';

/**
 * A new user becomes a Ghost member. No inbox here: the sync is idempotent by e-mail
 * (Ghost is asked before anything is created), and its outcome goes to the sync log.
 */
export function membersSubscriptions(members: MembersService): Subscription[] {
  return [
    {
      ...eventQueue('content.user-registered'),
      handler: async (event) => {
        const user = parseEventData('user.registered', event.data);
        await members.userRegistered({ userId: user.userId, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() });
      },
    },
  ];
}

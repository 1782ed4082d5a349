import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Subscription, handleOnce } from '@stockai/platform';
import { NAME_FIELDS, userDirectoryRepo } from './repo';

/**
 * Keeps billing's user directory (e-mail and name of each user id, for the admin payments
 * list) from auth's events. `user.registered` carries the e-mail and name. `user.updated`
 * carries only the names of the changed fields, not their values, and billing has no call to
 * auth to ask for them; so when a name field changed, the directory keeps the registered name
 * and records when it changed (`name_changed_at`), and the admin API shows the name with
 * `userNameChanged: true`. The e-mail cannot change (auth refuses it), so it is always current.
 * Carrying the new values in `user.updated` would let the directory follow them; that is a
 * change of the event contract, left to its own issue.
 */
export function directorySubscriptions(db: Database): Subscription[] {
  return [
    {
      ...eventQueue('billing.user-directory'),
      handler: handleOnce(db, 'billing.user-directory', async (event, tx) => {
        if (event.type === 'user.registered') {
          await userDirectoryRepo.register(tx, parseEventData('user.registered', event.data));
          return;
        }
        const { userId, fields } = parseEventData('user.updated', event.data);
        if (fields.some((field) => (NAME_FIELDS as readonly string[]).includes(field))) {
          await userDirectoryRepo.markNameChanged(tx, userId, event.occurredAt);
        }
      }),
    },
  ];
}

import { eventQueue, parseEventData } from '@stockai/contracts';
import { type Database, type Subscription, handleOnce } from '@stockai/platform';
import { usersRepo } from '../accounts/repo';
import type { Mailer } from './mailer';
import { watchlistAlertMail } from './templates';

const QUEUE = 'auth.alert-mail';

/** Where links point without APP_URL: the all-in-one's default address (a deployment sets APP_URL). */
const DEFAULT_APP_URL = 'http://localhost:8080';

/**
 * Mails a fired watchlist alert (analysis's `notification.created`) to a member who turned
 * e-mail alerts on: auth holds the address and the mailer. The e-mail is sent inside the
 * inbox's transaction, so a failed send is retried with the event (and dead-lettered after the
 * bus's attempts) rather than lost; a process dying between the send and the commit may send it
 * twice, the at-least-once of every event. A deleted account gets nothing.
 */
export function alertMailConsumer(db: Database, mailer: Mailer, appUrl: string | undefined): Subscription {
  const base = (appUrl ?? DEFAULT_APP_URL).replace(/\/$/, '');
  return {
    ...eventQueue(QUEUE),
    handler: handleOnce(db, QUEUE, async (event, tx) => {
      const data = parseEventData('notification.created', event.data);
      if (!data.email) return;
      const user = await usersRepo.findById(tx, data.userId);
      if (!user) return;
      const link = data.analysisId ? `${base}/main?analysis=${data.analysisId}` : `${base}/watchlist`;
      await mailer.send(
        watchlistAlertMail({
          to: user.email,
          firstName: user.first_name,
          title: data.title,
          body: data.body,
          link,
          settingsUrl: `${base}/profile`,
        }),
      );
    }),
  };
}

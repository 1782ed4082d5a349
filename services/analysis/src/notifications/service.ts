import { type EventData, type NotificationsResponse, eventData } from '@stockai/contracts';
import { type Database, type Queryable, newEvent, notFound, writeOutbox } from '@stockai/platform';
import { isUuid } from '../analyses/view';
import { type NewNotification, notificationsRepo } from './repo';

/** What the event announcing a notification adds to the stored row (the mail names the price, the threshold and the report). */
export type NotificationFacts = Pick<EventData<'notification.created'>, 'stockName' | 'price' | 'threshold' | 'currency' | 'analysisId'>;

/**
 * Stores a fired alert's notification and announces it (`notification.created`, with the
 * member's e-mail setting) in the caller's transaction, the one that fired the alert. False,
 * and nothing written, when the crossing has its notification already.
 */
export async function recordNotification(tx: Queryable, n: NewNotification, facts: NotificationFacts): Promise<boolean> {
  if (!(await notificationsRepo.insert(tx, n))) return false;
  const email = await notificationsRepo.emailOn(tx, n.userId);
  const data = eventData('notification.created', {
    notificationId: n.id,
    userId: n.userId,
    kind: n.kind,
    symbol: n.symbol,
    title: n.title,
    body: n.body,
    email,
    ...facts,
  });
  await writeOutbox(tx, newEvent('notification.created', data));
  return true;
}

/** A member's notifications (the bell's list) and their notification settings. */
export function notificationsService(db: Database) {
  return {
    async page(userId: string, page: number, limit: number): Promise<NotificationsResponse> {
      const { rows, total, unread } = await notificationsRepo.page(db, userId, page, limit);
      return {
        notifications: rows.map((r) => ({
          id: r.id,
          kind: r.kind,
          symbol: r.symbol,
          title: r.title,
          body: r.body,
          createdAt: r.created_at.toISOString(),
          read: r.read_at !== null,
        })),
        unread,
        total,
      };
    },

    async markRead(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await notificationsRepo.markRead(db, userId, id)))
        throw notFound('There is no such notification of yours', 'NOTIFICATION_NOT_FOUND');
    },

    markAllRead: (userId: string) => notificationsRepo.markAllRead(db, userId),

    async settings(userId: string) {
      return { email: await notificationsRepo.emailOn(db, userId) };
    },

    async saveSettings(userId: string, settings: { email: boolean }) {
      await notificationsRepo.setEmail(db, userId, settings.email);
      return settings;
    },
  };
}
export type NotificationsService = ReturnType<typeof notificationsService>;

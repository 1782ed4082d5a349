import { Router } from 'express';
import { z } from 'zod';
import { callerOf, requireUser } from '@stockai/platform';
import type { NotificationsService } from './service';

const NO_STORE = { 'cache-control': 'no-store' };

export const notificationsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const notificationParams = z.object({
  id: z.string().trim().min(1, 'is required').max(100, 'is too long: a notification id is a uuid'),
});
export const settingsBody = z.object({ email: z.boolean({ message: 'must be true or false' }) });

/**
 * The member's notifications (ADR 0069): GET notifications, POST notifications/{id}/read,
 * POST notifications/read-all, GET/PUT notifications/settings. The caller's own only.
 */
export function notificationsRoutes(notifications: NotificationsService): Router {
  const router = Router();

  router.get('/api/notifications', requireUser, async (req, res) => {
    const { page, limit } = notificationsQuery.parse(req.query);
    res.set(NO_STORE).json(await notifications.page(callerOf(req).id, page, limit));
  });

  router.get('/api/notifications/settings', requireUser, async (req, res) => {
    res.set(NO_STORE).json(await notifications.settings(callerOf(req).id));
  });

  router.put('/api/notifications/settings', requireUser, async (req, res) => {
    res.json(await notifications.saveSettings(callerOf(req).id, settingsBody.parse(req.body ?? {})));
  });

  router.post('/api/notifications/read-all', requireUser, async (req, res) => {
    await notifications.markAllRead(callerOf(req).id);
    res.status(204).end();
  });

  router.post('/api/notifications/:id/read', requireUser, async (req, res) => {
    await notifications.markRead(callerOf(req).id, notificationParams.parse(req.params).id);
    res.status(204).end();
  });

  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '@stockai/platform';
import { pageQuery } from '../http/page-query';
import { activitiesRepo } from './repo';

const DAY_MS = 86_400_000;

const listQuery = pageQuery.extend({
  type: z
    .enum(['registration', 'login', 'analysis_attempt', 'payment_attempt', 'admin_action'], {
      message: 'must be registration, login, analysis_attempt, payment_attempt or admin_action',
    })
    .optional(),
});
const statsQuery = z.object({
  timeframe: z
    .string()
    .regex(/^\d{1,3}d$/, 'must be a number of days such as 30d')
    .default('30d')
    .transform((t) => Number(t.slice(0, -1)))
    .refine((days) => days >= 1 && days <= 365, 'must be between 1d and 365d'),
});

export function activityRoutes(db: Database, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.get('/api/admin/user-activities', async (req, res) => {
    const { page, limit, type } = listQuery.parse(req.query);
    const { rows, total } = await activitiesRepo.page(db, { limit, offset: (page - 1) * limit, type });
    res.json({
      success: true,
      activities: rows.map((r) => ({
        _id: r.id,
        timestamp: r.occurred_at.toISOString(),
        userId: r.user_id,
        user: { email: r.email, firstName: r.first_name, lastName: r.last_name, level: r.level },
        activityType: r.activity_type,
        status: r.status,
        details: r.details,
      })),
      page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      total,
    });
  });

  /** Per activity type, how many of each status within the timeframe (default the last 30 days). */
  router.get('/api/admin/activity-stats', async (req, res) => {
    const { timeframe } = statsQuery.parse(req.query);
    const rows = await activitiesRepo.stats(db, new Date(now().getTime() - timeframe * DAY_MS));
    const byType = new Map<string, { _id: string; total: number; statuses: { status: string; count: number }[] }>();
    for (const r of rows) {
      const entry = byType.get(r.activity_type) ?? { _id: r.activity_type, total: 0, statuses: [] };
      entry.total += r.count;
      entry.statuses.push({ status: r.status, count: r.count });
      byType.set(r.activity_type, entry);
    }
    res.json({ success: true, timeframe: `${timeframe}d`, stats: [...byType.values()] });
  });
  return router;
}

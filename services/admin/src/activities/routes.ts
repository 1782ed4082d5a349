import { Router } from 'express';
import { z } from 'zod';
import { type Database, requireAdmin } from '@stockai/platform';
import { activitiesRepo } from './repo';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export function activityRoutes(db: Database): Router {
  const router = Router();
  router.get('/api/admin/user-activities', requireAdmin, async (req, res) => {
    const { page, limit } = pageQuery.parse(req.query);
    const { rows, total } = await activitiesRepo.page(db, page, limit);
    res.json({
      activities: rows.map((r) => ({
        _id: r.id,
        timestamp: r.occurred_at.toISOString(),
        userId: r.user_id,
        user: { email: r.email },
        activityType: r.activity_type,
        status: r.status,
        details: r.details,
      })),
      page,
      totalPages: Math.max(1, Math.ceil(total / limit)),
      total,
    });
  });
  return router;
}

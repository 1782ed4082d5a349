import { Router } from 'express';
import { callerOf, requireUser } from '@stockai/platform';
import { profileUpdateSchema } from './fields';
import type { ProfileService } from './service';

/** GET/PUT users/profile: `{ user, profile }` (basic info and investor profile). */
export function profileRoutes(profiles: ProfileService): Router {
  const router = Router();
  router.get('/api/users/profile', requireUser, async (req, res) => {
    res.json(await profiles.get(callerOf(req).id));
  });
  router.put('/api/users/profile', requireUser, async (req, res) => {
    const input = profileUpdateSchema.parse(req.body ?? {});
    res.json(await profiles.update(callerOf(req).id, input));
  });
  return router;
}

import { Router } from 'express';
import { callerOf, requireUser } from '@stockai/platform';
import type { CreditsService } from './service';

export function creditsRoutes(credits: CreditsService): Router {
  const router = Router();
  router.get('/api/users/credits', requireUser, async (req, res) => {
    res.json(await credits.balance(callerOf(req).id));
  });
  return router;
}

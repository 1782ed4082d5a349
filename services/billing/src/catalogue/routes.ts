import { Router } from 'express';
import type { Database } from '@stockai/platform';
import { catalogueRepo } from './repo';
import { toPackage, toPlan } from './views';

/**
 * The catalogue, public (visitors may look at prices): credit packages keyed by type, ordered
 * by credits, and subscription plans keyed by plan id. Each price comes with its currency.
 */
export function catalogueRoutes(db: Database): Router {
  const router = Router();

  router.get('/api/payments/packages', async (_req, res) => {
    const packages = await catalogueRepo.packages(db);
    res.json({ success: true, packages: Object.fromEntries(packages.map((p) => [p.type, toPackage(p)])) });
  });

  router.get('/api/subscriptions/plans', async (_req, res) => {
    const plans = await catalogueRepo.plans(db);
    res.json({ success: true, plans: Object.fromEntries(plans.map((p) => [p.id, toPlan(p)])) });
  });

  return router;
}

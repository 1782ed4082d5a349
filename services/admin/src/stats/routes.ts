import { Router } from 'express';
import type { Database } from '@stockai/platform';
import { analysesRepo } from '../analyses/repo';
import { membersRepo } from '../directory/repo';
import type { Owners } from '../owners/client';

/** "Active" members signed in within this many days (spec section 9). */
export const ACTIVE_DAYS = 30;
const DAY_MS = 86_400_000;

/** The start of today in Hong Kong (UTC+8 all year), as an instant. */
export function hongKongDayStart(now: Date): Date {
  const hk = new Date(now.getTime() + 8 * 3_600_000);
  return new Date(Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth(), hk.getUTCDate()) - 8 * 3_600_000);
}

/**
 * The dashboard: members and analyses from the admin service's own read models (events), the
 * cache from analysis, which owns it.
 */
export function statsRoutes(db: Database, owners: Owners, now: () => Date = () => new Date()): Router {
  const router = Router();
  router.get('/api/admin/stats', async (req, res) => {
    const at = now();
    const [users, analyses, cache] = await Promise.all([
      membersRepo.counts(db, new Date(at.getTime() - ACTIVE_DAYS * DAY_MS)),
      analysesRepo.counts(db, hongKongDayStart(at)),
      owners.analysis.call(req, 'GET', '/internal/admin/cache/stats'),
    ]);
    res.json({ success: true, stats: { users, analyses, cache } });
  });
  return router;
}

import { Router } from 'express';
import { z } from 'zod';
import type { Database } from '@stockai/platform';
import { analysesRepo } from '../analyses/repo';
import { membersRepo } from '../directory/repo';
import type { Owners } from '../owners/client';
import { dailyFigures } from './daily';

/** "Active" members signed in within this many days (spec section 9). */
export const ACTIVE_DAYS = 30;
const DAY_MS = 86_400_000;

/** How many UTC days the dashboard's chart covers, ending today: 30 unless asked (1 to 366). */
export const dailyQuery = z.object({
  days: z.coerce
    .number({ message: 'must be a whole number of days' })
    .int('must be a whole number of days')
    .min(1, 'must be at least 1')
    .max(366, 'must be at most 366')
    .default(30),
});

/** The start of today in Hong Kong (UTC+8 all year), as an instant. */
export function hongKongDayStart(now: Date): Date {
  const hk = new Date(now.getTime() + 8 * 3_600_000);
  return new Date(Date.UTC(hk.getUTCFullYear(), hk.getUTCMonth(), hk.getUTCDate()) - 8 * 3_600_000);
}

/**
 * The dashboard: members and analyses from the admin service's own read models (events), the
 * cache from analysis, which owns it; and the figures per day its chart draws.
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
  /** The dashboard's chart: revenue, payments and analyses for each of the last `days` UTC days. */
  router.get('/api/admin/stats/daily', async (req, res) => {
    const { days } = dailyQuery.parse(req.query);
    res.json({ success: true, timezone: 'UTC', days: await dailyFigures(db, now(), days) });
  });
  return router;
}

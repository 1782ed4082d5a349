import { Router } from 'express';
import { notFound, requireAdmin } from '@stockai/platform';
import { type ResultCache, statsOf } from './service';

/**
 * Internal (never routed by the gateway), for the admin service's cache tab: stats, entries,
 * clear all, clear one. The admin role is checked here too, not only by the caller.
 */
export function resultCacheRoutes(cache: ResultCache, normaliseSymbol: (s: string) => string): Router {
  const router = Router();

  router.get('/internal/admin/cache/stats', requireAdmin, async (_req, res) => {
    res.json(await cache.stats());
  });

  router.get('/internal/admin/cache', requireAdmin, async (_req, res) => {
    const entries = await cache.entries();
    res.json({ ...statsOf(entries), ttlHours: cache.ttlHours, entries });
  });

  router.delete('/internal/admin/cache', requireAdmin, async (_req, res) => {
    res.json({ success: true, cleared: await cache.clearAll() });
  });

  router.delete('/internal/admin/cache/:symbol', requireAdmin, async (req, res) => {
    const symbol = normaliseSymbol(String(req.params.symbol));
    if (!(await cache.clear(symbol))) throw notFound(`No cache entry for ${symbol}`, 'CACHE_ENTRY_NOT_FOUND');
    res.json({ success: true, cleared: 1, symbol });
  });

  return router;
}

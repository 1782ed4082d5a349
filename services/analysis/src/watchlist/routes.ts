import { Router } from 'express';
import { z } from 'zod';
import { ALERT_KINDS } from '@stockai/contracts';
import { callerOf, requireUser } from '@stockai/platform';
import { symbol } from '../analyses/routes';
import type { WatchlistService } from './service';

const NO_STORE = { 'cache-control': 'no-store' };
const PRICE_KINDS = new Set(['price_above', 'price_below']);

export const addBody = z.object({
  symbol: symbol.meta({ description: 'As typed for an analysis: 700, 0700.hk and 0700.HK name one stock', example: '0700.HK' }),
});
export const symbolParams = z.object({ symbol });
export const alertParams = z.object({ symbol, id: z.string().trim().min(1, 'is required').max(100, 'is too long: an alert id is a uuid') });
export const alertBody = z
  .object({
    kind: z.enum(ALERT_KINDS, { message: `must be one of ${ALERT_KINDS.join(', ')}` }),
    price: z
      .number({ message: 'must be a number' })
      .positive('must be a positive price')
      .refine(Number.isFinite, 'must be a finite price')
      .optional()
      .meta({ description: 'The price of price_above and price_below (required there, not accepted with the report kinds)', example: 400 }),
  })
  .superRefine((body, ctx) => {
    if (PRICE_KINDS.has(body.kind) && body.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: `is required for ${body.kind}` });
    if (!PRICE_KINDS.has(body.kind) && body.price !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: ['price'],
        message: `is only for price_above and price_below: ${body.kind} follows the last report`,
      });
  });

/**
 * The watchlist API (ADR 0069): GET/POST watchlist, DELETE watchlist/{symbol}, POST
 * watchlist/{symbol}/alerts, DELETE watchlist/{symbol}/alerts/{id}. Every route is the
 * caller's own list; a stock or alert of anyone else's is not found.
 */
export function watchlistRoutes(watchlist: WatchlistService): Router {
  const router = Router();

  router.get('/api/watchlist', requireUser, async (req, res) => {
    res.set(NO_STORE).json(await watchlist.list(callerOf(req).id, req.get('authorization')));
  });

  router.post('/api/watchlist', requireUser, async (req, res) => {
    const { symbol } = addBody.parse(req.body ?? {});
    const { added, item } = await watchlist.add(callerOf(req).id, symbol, req.get('authorization'));
    res.status(added ? 201 : 200).json(item);
  });

  router.delete('/api/watchlist/:symbol', requireUser, async (req, res) => {
    await watchlist.remove(callerOf(req).id, symbolParams.parse(req.params).symbol);
    res.status(204).end();
  });

  router.post('/api/watchlist/:symbol/alerts', requireUser, async (req, res) => {
    const { symbol } = symbolParams.parse(req.params);
    const { kind, price } = alertBody.parse(req.body ?? {});
    res.status(201).json(await watchlist.addAlert(callerOf(req).id, symbol, { kind, price: price ?? null }));
  });

  router.delete('/api/watchlist/:symbol/alerts/:id', requireUser, async (req, res) => {
    const { symbol, id } = alertParams.parse(req.params);
    await watchlist.removeAlert(callerOf(req).id, symbol, id);
    res.status(204).end();
  });

  return router;
}

import { type RequestHandler, Router } from 'express';
import { z } from 'zod';
import { type Cache, PLAIN_TEXT_MESSAGE, callerOf, idempotencyKeyOf, isPlainText, rateLimit, requireUser } from '@stockai/platform';
import type { AnalysisHistory } from './history';
import type { streamProgress } from './progress-stream';
import type { AnalysesService } from './service';

const NO_CACHE = { 'cache-control': 'no-cache, no-store, must-revalidate', pragma: 'no-cache', expires: '0' };

export const startBody = z.object({ userProfile: z.unknown().optional() }).passthrough();
export const symbol = z.string().trim().min(1, 'is required').max(20, 'is too long').refine(isPlainText, PLAIN_TEXT_MESSAGE);
export const analyzeStocksBody = z.object({ symbol, userProfile: z.unknown().optional() });
/** Made once: zod compiles an object schema's parser on its first use, so one per request cost each request that. */
const startParams = z.object({ symbol });
export const pollingBody = z.object({
  analysis_id: z.string().trim().min(1, 'is required').max(100, 'is too long: an analysis id is a uuid'),
});

const STATUS_ALIASES: Record<string, 'processing' | 'completed' | 'failed'> = {
  processing: 'processing',
  running: 'processing',
  completed: 'completed',
  failed: 'failed',
  error: 'failed',
};
export const historyQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(10),
  status: z
    .string()
    .optional()
    .transform((s) => (s ? s.trim().toLowerCase() : undefined))
    .refine((s) => s === undefined || s === '' || s === 'all' || Object.hasOwn(STATUS_ALIASES, s), {
      message: 'must be processing, completed or failed',
    })
    .transform((s) => (s && Object.hasOwn(STATUS_ALIASES, s) ? STATUS_ALIASES[s] : undefined)),
  symbol: z
    .string()
    .max(20, 'is too long')
    .refine(isPlainText, PLAIN_TEXT_MESSAGE)
    .optional()
    .transform((s) => s?.trim().toUpperCase() || undefined),
});

export interface AnalysesRoutesOptions {
  cache: Cache;
  /** Analysis starts per user per minute; 0 turns the limit off. */
  startsPerMinute: number;
}

/**
 * The analysis API: start (`analysis/analyze/{symbol}`, and the API test page's older
 * `analyze-stocks`), follow (`analysis/{id}`, its event stream, and `analyze-polling`), and the
 * user's history and stats. An analysis is only ever shown to its owner: anyone else's id is 404.
 */
export function analysesRoutes(
  analyses: AnalysesService,
  history: AnalysisHistory,
  stream: ReturnType<typeof streamProgress>,
  options: AnalysesRoutesOptions,
): Router {
  const router = Router();
  const limitStarts = rateLimit(
    options.cache,
    { name: 'analysis-start', limit: options.startsPerMinute, windowSeconds: 60 },
    (req) => req.caller?.id,
    'Too many analyses started, please wait a minute and try again',
  );

  const start =
    (symbolOf: (req: Parameters<RequestHandler>[0]) => { symbol: string; userProfile?: unknown }): RequestHandler =>
    async (req, res) => {
      const { symbol, userProfile } = symbolOf(req);
      // A retried start with the same key names the same analysis and is charged once.
      const idempotencyKey = idempotencyKeyOf(req);
      const started = await analyses.start({
        userId: callerOf(req).id,
        symbol,
        userProfile,
        authorization: req.get('authorization'),
        idempotencyKey,
      });
      res
        .status(202)
        .set(NO_CACHE)
        .json({ success: true, ...started });
    };

  router.post(
    '/api/analysis/analyze/:symbol',
    requireUser,
    limitStarts,
    start((req) => ({ symbol: startParams.parse(req.params).symbol, userProfile: startBody.parse(req.body ?? {}).userProfile })),
  );
  router.post(
    '/api/analyze-stocks',
    requireUser,
    limitStarts,
    start((req) => analyzeStocksBody.parse(req.body ?? {})),
  );

  router.get('/api/analysis/estimate', requireUser, async (_req, res) => {
    res.set(NO_CACHE).json(await history.durationEstimate());
  });

  router.get('/api/analysis/:id', requireUser, async (req, res) => {
    res.set(NO_CACHE).json(await analyses.get(String(req.params.id), callerOf(req).id));
  });

  router.get('/api/analysis/:id/events', requireUser, async (req, res) => {
    const userId = callerOf(req).id;
    await stream(req, res, () => analyses.get(String(req.params.id), userId));
  });

  router.post('/api/analyze-polling', requireUser, async (req, res) => {
    const { analysis_id } = pollingBody.parse(req.body ?? {});
    res.set(NO_CACHE).json(await analyses.get(analysis_id, callerOf(req).id));
  });

  router.get('/api/users/analysis-history', requireUser, async (req, res) => {
    const query = historyQuery.parse(req.query);
    res.set(NO_CACHE).json(await history.page({ userId: callerOf(req).id, ...query }));
  });

  router.get('/api/users/stats', requireUser, async (req, res) => {
    res.set(NO_CACHE).json(await history.stats(callerOf(req).id));
  });

  return router;
}

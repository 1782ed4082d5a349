import { Router } from 'express';
import { z } from 'zod';
import type { AdminActions } from '../audit/admin-actions';
import { pageQuery } from '../http/page-query';
import type { Owners } from '../owners/client';

const resultId = z.uuid({ message: 'The result id must be an AI result id (uuid)' });
const symbol = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9.^-]{1,20}$/, 'The symbol must be a stock symbol such as AAPL or 0700.HK');

/**
 * What analysis owns: prompts and models, the result cache, and the stored AI exchanges (the
 * spec's "Perplexity results", kept for whichever provider wrote the report: the AI or the
 * built-in analyst). The admin paths keep the spec's names; analysis' own are provider-neutral.
 */
export function analysisAdminRoutes(owners: Owners, actions: AdminActions): Router {
  const router = Router();
  const analysis = owners.analysis;

  router.get('/api/admin/prompts', async (req, res) => {
    res.json({ success: true, ...(await analysis.call(req, 'GET', '/internal/admin/prompts')) });
  });

  router.get('/api/admin/cache', async (req, res) => {
    res.json({ success: true, ...(await analysis.call(req, 'GET', '/internal/admin/cache')) });
  });
  router.delete('/api/admin/cache', async (req, res) => {
    const answer = await actions.record(req, {
      action: 'cache.clear',
      target: 'all',
      before: () => analysis.call(req, 'GET', '/internal/admin/cache/stats'),
      apply: () => analysis.call<{ cleared: number }>(req, 'DELETE', '/internal/admin/cache'),
      after: (a) => ({ cleared: a.cleared }),
    });
    res.json({ ...answer, message: 'Cache cleared' });
  });
  router.delete('/api/admin/cache/:symbol', async (req, res) => {
    const target = symbol.parse(req.params.symbol);
    const answer = await actions.record(req, {
      action: 'cache.clear',
      target,
      apply: () => analysis.call<{ cleared: number }>(req, 'DELETE', `/internal/admin/cache/${encodeURIComponent(target)}`),
      after: (a) => ({ cleared: a.cleared }),
    });
    res.json({ ...answer, message: `Cache cleared for ${target}` });
  });

  router.get('/api/admin/perplexity-results', async (req, res) => {
    const { page, limit } = pageQuery.parse(req.query);
    const answer = await analysis.call(req, 'GET', '/internal/admin/ai-results', { query: { page: String(page), limit: String(limit) } });
    res.json({ success: true, ...answer });
  });
  router.get('/api/admin/perplexity-results/:id', async (req, res) => {
    const id = resultId.parse(req.params.id);
    res.json({ success: true, ...(await analysis.call(req, 'GET', `/internal/admin/ai-results/${id}`)) });
  });
  router.delete('/api/admin/perplexity-results/:id', async (req, res) => {
    const id = resultId.parse(req.params.id);
    const answer = await actions.record(req, {
      action: 'ai-result.delete',
      target: id,
      apply: () => analysis.call(req, 'DELETE', `/internal/admin/ai-results/${id}`),
    });
    res.json(answer);
  });
  router.get('/api/admin/perplexity-stats', async (req, res) => {
    res.json({ success: true, ...(await analysis.call(req, 'GET', '/internal/admin/ai-stats')) });
  });
  router.get('/api/admin/perplexity-diagnostic', async (req, res) => {
    res.json({ success: true, ...(await analysis.call(req, 'GET', '/internal/admin/ai-diagnostic')) });
  });
  router.post('/api/admin/test-perplexity-save', async (req, res) => {
    res.json({ success: true, ...(await analysis.call(req, 'POST', '/internal/admin/ai-test-save')) });
  });

  return router;
}

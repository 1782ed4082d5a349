import { Router } from 'express';
import { z } from 'zod';
import { type Database, type Logger, callerOf, notFound, requireAdmin } from '@stockai/platform';
import { aiResultsService } from './service';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const idParam = z.object({ id: z.uuid({ message: 'must be an AI result id (a UUID)' }) });

/**
 * The admin area's view of the stored AI requests (the spec's "Perplexity results"). Internal
 * routes: the admin service forwards the admin's bearer token, and the role is checked here too.
 */
export function aiAdminRoutes(db: Database, logger: Logger): Router {
  const results = aiResultsService(db, logger);
  const router = Router();

  router.get('/internal/admin/ai-results', requireAdmin, async (req, res) => {
    const { page, limit } = pageQuery.parse(req.query);
    res.json(await results.page(page, limit));
  });

  router.get('/internal/admin/ai-results/:id', requireAdmin, async (req, res) => {
    const { id } = idParam.parse(req.params);
    const result = await results.find(id);
    if (!result) throw notFound('AI result not found', 'AI_RESULT_NOT_FOUND');
    res.json({ result });
  });

  router.delete('/internal/admin/ai-results/:id', requireAdmin, async (req, res) => {
    const { id } = idParam.parse(req.params);
    if (!(await results.delete(id))) throw notFound('AI result not found', 'AI_RESULT_NOT_FOUND');
    res.json({ success: true, message: 'AI result deleted' });
  });

  router.get('/internal/admin/ai-stats', requireAdmin, async (_req, res) => {
    res.json(await results.stats());
  });

  router.get('/internal/admin/ai-diagnostic', requireAdmin, async (_req, res) => {
    res.json(await results.diagnostic());
  });

  router.post('/internal/admin/ai-test-save', requireAdmin, async (req, res) => {
    res.json(await results.testSave(callerOf(req).id));
  });

  return router;
}

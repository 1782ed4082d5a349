import { Router } from 'express';
import type { Owners } from '../owners/client';

/**
 * Payments and their statistics, as billing (which owns payments and their refunds) computes
 * them: `page`, `limit`, `status`, `dateFrom`, `dateTo` (Hong Kong days), checked by billing.
 */
export function paymentsRoutes(owners: Owners): Router {
  const router = Router();
  router.get('/api/admin/payments', async (req, res) => {
    res.json(await owners.billing.call(req, 'GET', '/internal/admin/payments', { query: req.query as Record<string, unknown> }));
  });
  router.get('/api/admin/payment-stats', async (req, res) => {
    res.json(await owners.billing.call(req, 'GET', '/internal/admin/payment-stats'));
  });
  return router;
}

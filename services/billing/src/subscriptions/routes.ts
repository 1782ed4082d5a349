import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { callerOf, idempotencyKeyOf, requireUser, serviceUnavailable } from '@stockai/platform';
import type { RequestKeys } from '../idempotency/service';
import type { SubscriptionsService } from './service';

const subscribeBody = z.object({
  planId: z.string({ message: 'is required' }).min(1, 'is required').max(50),
  billingCycle: z.enum(['monthly', 'yearly'], { message: 'must be monthly or yearly' }).default('yearly'),
  autoRenewal: z.boolean().default(true),
  paymentMethodId: z.string().max(200).optional(),
});
const cancelBody = z.object({ immediate: z.boolean().default(false) });
const autoRenewalBody = z.object({ autoRenewal: z.boolean({ message: 'must be true or false' }) });

/** Subscriptions; subscribing needs a card processor (`available`), reading and cancelling do not. */
export function subscriptionsRoutes(
  subscriptions: SubscriptionsService,
  options: { available: boolean; requestKeys: RequestKeys },
): Router {
  const router = Router();
  const requireProcessor = () => {
    if (!options.available) throw serviceUnavailable('Card payments are not configured', 'PAYMENTS_UNAVAILABLE');
  };

  router.get('/api/subscriptions/current', requireUser, async (req, res) => {
    res.json(await subscriptions.current(callerOf(req).id));
  });
  router.post('/api/subscriptions/subscribe', requireUser, async (req, res) => {
    requireProcessor();
    const body = subscribeBody.parse(req.body ?? {});
    const key = idempotencyKeyOf(req);
    await options.requestKeys.bind(callerOf(req).id, 'subscribe', key, body);
    res.json(await subscriptions.subscribe(callerOf(req).id, body, key ?? randomUUID()));
  });
  router.post('/api/subscriptions/cancel', requireUser, async (req, res) => {
    res.json(await subscriptions.cancel(callerOf(req).id, cancelBody.parse(req.body ?? {}).immediate));
  });
  router.put('/api/subscriptions/auto-renewal', requireUser, async (req, res) => {
    res.json(await subscriptions.setAutoRenewal(callerOf(req).id, autoRenewalBody.parse(req.body ?? {}).autoRenewal));
  });
  return router;
}

import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { callerOf, requireUser, serviceUnavailable } from '@stockai/platform';
import type { DemoProcessor } from './processor';
import type { PaymentsService } from './service';

const intentId = z.string({ message: 'is required' }).min(1, 'is required').max(200);
const createBody = z.object({ packageType: z.string({ message: 'is required' }).min(1, 'is required').max(50) });
const confirmBody = z.object({ paymentIntentId: intentId });
const demoPayBody = z.object({ paymentIntentId: intentId, clientSecret: z.string().min(1), cardNumber: z.string().min(12).max(23) });
const demoAuthBody = z.object({ paymentIntentId: intentId, clientSecret: z.string().min(1) });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(10) });

/**
 * Credit-package payments; with the demo processor, also the endpoints its card form uses.
 * Stripe (`demo` undefined) is not wired yet: paying answers 503 rather than pretending.
 */
export function paymentsRoutes(payments: PaymentsService, demo: DemoProcessor | undefined): Router {
  const router = Router();
  const requireProcessor = () => {
    if (!demo) throw serviceUnavailable('Card payments through Stripe are not available yet', 'PAYMENTS_UNAVAILABLE');
  };

  router.post('/api/payments/create-payment-intent', requireUser, async (req, res) => {
    requireProcessor();
    const { packageType } = createBody.parse(req.body ?? {});
    res.json(await payments.createPaymentIntent(callerOf(req).id, packageType, req.get('idempotency-key') ?? randomUUID()));
  });

  router.post('/api/payments/confirm-payment', requireUser, async (req, res) => {
    requireProcessor();
    const { paymentIntentId } = confirmBody.parse(req.body ?? {});
    res.json(await payments.confirmPayment(callerOf(req).id, paymentIntentId));
  });

  router.get('/api/users/payments', requireUser, async (req, res) => {
    const { page, limit } = pageQuery.parse(req.query);
    res.json({ success: true, ...(await payments.list(callerOf(req).id, page, limit)) });
  });

  if (demo) {
    // What Stripe.js does in the browser, for the demo processor's local card form.
    router.post('/api/payments/demo/pay', requireUser, async (req, res) => {
      const body = demoPayBody.parse(req.body ?? {});
      const intent = await demo.payCard(body.paymentIntentId, body.clientSecret, body.cardNumber);
      res.json({ paymentIntentId: intent.id, status: intent.status });
    });
    router.post('/api/payments/demo/authenticate', requireUser, async (req, res) => {
      const body = demoAuthBody.parse(req.body ?? {});
      const intent = await demo.authenticate(body.paymentIntentId, body.clientSecret);
      res.json({ paymentIntentId: intent.id, status: intent.status });
    });
  }

  return router;
}

import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { callerOf, idempotencyKeyOf, requireUser, serviceUnavailable } from '@stockai/platform';
import type { RequestKeys } from '../idempotency/service';
import type { DemoProcessor } from './processor';
import type { PaymentsService } from './service';

const intentId = z.string({ message: 'is required' }).min(1, 'is required').max(200, 'must be at most 200 characters');
const createBody = z.object({ packageType: z.string({ message: 'is required' }).min(1, 'is required').max(50) });
const confirmBody = z.object({ paymentIntentId: intentId });
const clientSecret = z.string({ message: 'is required' }).min(1, 'is required').max(300, 'must be at most 300 characters');
const demoPayBody = z.object({ paymentIntentId: intentId, clientSecret, cardNumber: z.string().min(12).max(23) });
const demoAuthBody = z.object({ paymentIntentId: intentId, clientSecret });
const pageQuery = z.object({ page: z.coerce.number().int().min(1).default(1), limit: z.coerce.number().int().min(1).max(100).default(10) });

/** Which card processor takes payments, as the web app needs to know it to show its card form. */
export interface PaymentsConfig {
  /** Undefined when none is configured (paying answers 503). */
  processor: 'demo' | 'stripe' | undefined;
  publishableKey: string | null;
  /** The demo processor, whose local card form uses the demo endpoints below. */
  demo?: DemoProcessor;
  /** Called when the demo card authentication completed an intent (a subscription may wait for it). */
  onDemoAuthenticated?: (paymentIntentId: string) => Promise<void>;
  /** Binds an Idempotency-Key to the package it was first sent for. */
  requestKeys: RequestKeys;
}

/** Credit-package payments; with the demo processor, also the endpoints its card form uses. */
export function paymentsRoutes(payments: PaymentsService, config: PaymentsConfig): Router {
  const router = Router();
  const { demo } = config;
  const requireProcessor = () => {
    if (!config.processor) throw serviceUnavailable('Card payments are not configured', 'PAYMENTS_UNAVAILABLE');
  };

  /** Public: the card form to show (demo: the local one; stripe: Stripe's Payment Element with this key). */
  router.get('/api/payments/config', (_req, res) => {
    res.json({ processor: config.processor ?? null, publishableKey: config.publishableKey });
  });

  router.post('/api/payments/create-payment-intent', requireUser, async (req, res) => {
    requireProcessor();
    const { packageType } = createBody.parse(req.body ?? {});
    const key = idempotencyKeyOf(req);
    await config.requestKeys.bind(callerOf(req).id, 'payment-intent', key, { packageType });
    res.json(await payments.createPaymentIntent(callerOf(req).id, packageType, key ?? randomUUID()));
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
      let intent;
      try {
        intent = await demo.payCard(body.paymentIntentId, body.clientSecret, body.cardNumber);
      } finally {
        // A declined card (payCard throws 402) is recorded as failed too.
        await payments.recordCardSubmitted(body.paymentIntentId, callerOf(req).id);
      }
      res.json({ paymentIntentId: intent.id, status: intent.status });
    });
    router.post('/api/payments/demo/authenticate', requireUser, async (req, res) => {
      const body = demoAuthBody.parse(req.body ?? {});
      const intent = await demo.authenticate(body.paymentIntentId, body.clientSecret);
      if (intent.status === 'succeeded') await config.onDemoAuthenticated?.(intent.id);
      res.json({ paymentIntentId: intent.id, status: intent.status });
    });
  }

  return router;
}

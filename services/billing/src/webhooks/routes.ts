import type Stripe from 'stripe';
import { Router } from 'express';
import { badRequest, rawBodyOf } from '@stockai/platform';
import type { StripeWebhooks } from './service';

/**
 * `POST webhooks/stripe`: Stripe's signature is checked over the body's exact bytes with the
 * webhook secret; a bad or missing one gets a 400 and changes nothing.
 */
export function webhooksRoutes(webhooks: StripeWebhooks, verify: (payload: Buffer, signature: string) => Stripe.Event): Router {
  const router = Router();
  router.post('/api/webhooks/stripe', async (req, res) => {
    const payload = rawBodyOf(req);
    const signature = req.get('stripe-signature');
    if (!payload || !signature) throw badRequest('Expected a Stripe event (JSON) with its Stripe-Signature header', 'INVALID_SIGNATURE');
    let event: Stripe.Event;
    try {
      event = verify(payload, signature);
    } catch {
      throw badRequest('The Stripe signature of this event is not valid', 'INVALID_SIGNATURE');
    }
    res.json(await webhooks.receive(event));
  });
  return router;
}

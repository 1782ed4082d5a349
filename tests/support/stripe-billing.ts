import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { generateRsaKeyPair } from '@stockai/platform';
import { startTestService, type TestService } from '@stockai/platform/src/testing';
import { billingService } from '../../services/billing/src/app';
import { type Caller, jsonCaller, registerMember, tokenFor } from './billing-member';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

export type { Caller } from './billing-member';

export interface StripeBilling {
  keys: ReturnType<typeof generateRsaKeyPair>;
  stripeApi: StripeStandIn;
  billing: TestService;
  webhookUrl: string;
  /** The Stripe SDK pointed at the stand-in, as Stripe.js in the browser or Stripe's dashboard use it. */
  client: Stripe;
  /** A user billing knows (from `user.registered`), with a caller carrying their token, or an admin's. */
  register(prefix: string): Promise<{ userId: string; bearer: string; call: Caller; asAdmin: Caller }>;
  close(): Promise<void>;
}

/**
 * A billing service taking card payments through the local Stripe stand-in (the real SDK, signed
 * webhooks), on real PostgreSQL and RabbitMQ; `now` moves its clock.
 */
export async function startStripeBilling(options: { now?: () => Date; expirySweepIntervalMs?: number } = {}): Promise<StripeBilling> {
  const keys = generateRsaKeyPair();
  const stripeApi = await startStripeStandIn();
  const billing = await startTestService(
    billingService({
      demoPayments: false,
      stripe: {
        secretKey: stripeApi.secretKey,
        webhookSecret: stripeApi.webhookSecret,
        publishableKey: stripeApi.publishableKey,
        apiBase: stripeApi.url,
      },
      now: options.now,
      expirySweepIntervalMs: options.expirySweepIntervalMs,
    }),
    { keys },
  );
  const client = new Stripe(stripeApi.secretKey, {
    host: '127.0.0.1',
    port: new URL(stripeApi.url).port,
    protocol: 'http',
    telemetry: false,
  });
  const asAdmin = jsonCaller(billing.url, tokenFor(billing, randomUUID(), 'admin'));

  return {
    keys,
    stripeApi,
    billing,
    webhookUrl: `${billing.url}/api/webhooks/stripe`,
    client,
    async register(prefix) {
      const { userId, bearer, call } = await registerMember(billing, { emailPrefix: prefix, firstName: 'A', lastName: 'B' });
      return { userId, bearer, call, asAdmin };
    },
    async close() {
      await billing.close();
      await stripeApi.close();
    },
  };
}

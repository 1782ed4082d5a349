import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { generateRsaKeyPair, newEvent, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { billingService } from '../../services/billing/src/app';
import { type StripeStandIn, startStripeStandIn } from './stripe-stand-in';

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

export type Caller = (
  method: string,
  path: string,
  body?: unknown,
  headers?: Record<string, string>,
) => Promise<{ status: number; body: Record<string, unknown> }>;

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
  const callerWith =
    (bearer: string): Caller =>
    async (method, path, body, headers = {}) => {
      const res = await fetch(`${billing.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}`, ...headers },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
  const asAdmin = callerWith(signAccessToken(keys.privateKey, { id: randomUUID(), role: 'admin' }, 3600).token);

  return {
    keys,
    stripeApi,
    billing,
    webhookUrl: `${billing.url}/api/webhooks/stripe`,
    client,
    async register(prefix) {
      const userId = randomUUID();
      await billing.bus.publish(
        newEvent('user.registered', {
          userId,
          email: `${uniqueName(prefix)}@example.com`,
          firstName: 'A',
          lastName: 'B',
          registeredAt: new Date().toISOString(),
        }),
      );
      await waitFor(
        'the account',
        async () => (await billing.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [userId])).rowCount === 1,
      );
      const bearer = signAccessToken(keys.privateKey, { id: userId, role: 'user' }, 3600).token;
      return { userId, bearer, call: callerWith(bearer), asAdmin };
    },
    async close() {
      await billing.close();
      await stripeApi.close();
    },
  };
}

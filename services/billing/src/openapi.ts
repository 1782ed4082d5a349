import { z } from 'zod';
import {
  confirmPaymentResponse,
  creditHistoryResponse,
  creditsResponse,
  currentSubscriptionResponse,
  demoIntentResponse,
  packagesResponse,
  paymentConfigResponse,
  paymentIntentResponse,
  plansResponse,
  subscribeActionResponse,
  userPaymentsResponse,
} from '@stockai/contracts';
import { describeService, operation } from '@stockai/platform';
import { historyQuery, topupBody } from './credits/routes';
import { confirmBody, createBody, demoAuthBody, demoPayBody, pageQuery } from './payments/routes';
import { autoRenewalBody, cancelBody, subscribeBody } from './subscriptions/routes';

const idempotencyKey = z.object({
  'idempotency-key': z.string().max(200).optional().meta({ description: 'A retried request with the same key counts once' }),
});

/** The billing service's public routes (served to the gateway for GET /api/openapi.json). */
export const billingApi = describeService({
  tag: 'billing',
  description: 'Credits, credit packages, subscription plans, card payments and subscriptions',
  paths: {
    '/api/users/credits': {
      get: operation({ summary: "The user's credit balance", access: 'user', response: creditsResponse }),
    },
    '/api/users/credit-history': {
      get: operation({
        summary:
          "The user's credit changes, newest first: purchases, analyses, refunds, daily credits, an admin's adjustments with the reason",
        access: 'user',
        query: historyQuery,
        response: creditHistoryResponse,
      }),
    },
    '/api/users/topup': {
      post: operation({
        summary: 'Add paid credits without a payment (admins; anyone while the demo card processor is active)',
        access: 'user',
        headers: idempotencyKey,
        body: topupBody,
        response: creditsResponse.extend({ success: z.literal(true) }),
        errors: [403],
      }),
    },
    '/api/users/payments': {
      get: operation({
        summary: "The user's payments, newest first",
        access: 'user',
        query: pageQuery,
        response: userPaymentsResponse,
      }),
    },
    '/api/payments/packages': {
      get: operation({ summary: 'The credit packages, keyed by type', access: 'public', response: packagesResponse }),
    },
    '/api/payments/config': {
      get: operation({
        summary: 'Which card processor takes payments',
        access: 'public',
        response: paymentConfigResponse,
      }),
    },
    '/api/payments/create-payment-intent': {
      post: operation({
        summary: 'Start paying for a credit package',
        access: 'user',
        headers: idempotencyKey,
        body: createBody,
        response: paymentIntentResponse,
        errors: [503],
      }),
    },
    '/api/payments/confirm-payment': {
      post: operation({
        summary: 'Settle a paid intent: the credits are added once',
        access: 'user',
        body: confirmBody,
        response: confirmPaymentResponse,
        errors: [402, 404, 503],
      }),
    },
    '/api/payments/demo/pay': {
      post: operation({
        summary: "The demo card processor's card form: pay an intent with a test card",
        description: 'Only while no Stripe key is configured.',
        access: 'user',
        body: demoPayBody,
        response: demoIntentResponse,
        errors: [402, 404],
      }),
    },
    '/api/payments/demo/authenticate': {
      post: operation({
        summary: "The demo card processor's bank authentication step",
        description: 'Only while no Stripe key is configured.',
        access: 'user',
        body: demoAuthBody,
        response: demoIntentResponse,
        errors: [404],
      }),
    },
    '/api/subscriptions/plans': {
      get: operation({ summary: 'The subscription plans, keyed by plan id', access: 'public', response: plansResponse }),
    },
    '/api/subscriptions/current': {
      get: operation({ summary: "The user's current subscription", access: 'user', response: currentSubscriptionResponse }),
    },
    '/api/subscriptions/subscribe': {
      post: operation({
        summary: 'Subscribe to a plan; may answer a clientSecret to confirm the first payment',
        access: 'user',
        headers: idempotencyKey,
        body: subscribeBody,
        response: z.union([currentSubscriptionResponse, subscribeActionResponse]),
        errors: [402, 404, 409, 503],
      }),
    },
    '/api/subscriptions/cancel': {
      post: operation({
        summary: 'Cancel now or at the period end',
        access: 'user',
        body: cancelBody,
        response: currentSubscriptionResponse,
        errors: [404],
      }),
    },
    '/api/subscriptions/auto-renewal': {
      put: operation({
        summary: 'Switch auto-renewal on or off',
        access: 'user',
        body: autoRenewalBody,
        response: currentSubscriptionResponse,
        errors: [404],
      }),
    },
    '/api/webhooks/stripe': {
      post: operation({
        summary: "Stripe's webhook (signed events)",
        access: 'webhook',
        headers: z.object({ 'stripe-signature': z.string() }),
        body: z.looseObject({ id: z.string(), type: z.string() }).meta({ description: 'A Stripe event' }),
        response: z.looseObject({ received: z.boolean() }),
      }),
    },
  },
});

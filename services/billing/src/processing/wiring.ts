import type { Router } from 'express';
import type { ServiceContext } from '@stockai/platform';
import type { CreditsService } from '../credits/service';
import type { RequestKeys } from '../idempotency/service';
import { abandonedPaymentsSweep } from '../payments/abandoned';
import { type PaymentProcessor, demoProcessor } from '../payments/processor';
import { paymentReversals } from '../payments/reversals';
import { paymentsRoutes } from '../payments/routes';
import { paymentsService } from '../payments/service';
import { type StripeSettings, stripeClient } from '../stripe/client';
import { stripeProcessor } from '../stripe/processor';
import { stripeReversals } from '../stripe/reversals';
import { demoSubscriptions } from '../subscriptions/demo';
import { expirySweep } from '../subscriptions/expiry';
import type { SubscriptionProcessor } from '../subscriptions/processor';
import { subscriptionsRoutes } from '../subscriptions/routes';
import { subscriptionsService, userTransaction } from '../subscriptions/service';
import { stripeSubscriptions } from '../subscriptions/stripe';
import { webhooksRoutes } from '../webhooks/routes';
import { every } from './periodic';
import { stripeWebhooks } from '../webhooks/service';

export interface ProcessingOptions {
  /** True while no Stripe key is configured: the demo card processor is active. */
  demoPayments: boolean;
  /** Stripe takes the payments when set (and `demoPayments` is then ignored). */
  stripe?: StripeSettings;
  /** How often the sweeps look for subscriptions past their end and payment intents abandoned (ms). */
  expirySweepIntervalMs?: number;
  now?: () => Date;
}

export const DEFAULT_EXPIRY_SWEEP_INTERVAL_MS = 60_000;

/**
 * Payments and subscriptions wired to the configured card processor: Stripe (with its
 * webhook endpoint) when settings are given, else the demo processor, else none (paying
 * answers 503). Also starts the sweeps (subscriptions past their end, package payments never
 * paid for a day: payments/abandoned.ts); `close` stops them.
 */
export function cardProcessing(
  ctx: ServiceContext,
  credits: CreditsService,
  requestKeys: RequestKeys,
  options: ProcessingOptions,
): { routes: Router[]; subscriptionProcessor: SubscriptionProcessor; close(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  const afterCommit = ctx.outbox.kick;
  const log = (err: unknown, msg: string) => ctx.logger.error({ err }, msg);
  const inTransaction = userTransaction(ctx.db, afterCommit);
  const demo = demoProcessor(ctx.db);
  const routes: Router[] = [];
  const stripe = options.stripe && stripeClient(options.stripe);
  const paymentProcessor: PaymentProcessor = stripe ? stripeProcessor(stripe) : demo;
  const payments = paymentsService({ db: ctx.db, processor: paymentProcessor, credits, afterCommit });

  let subscriptionProcessor: SubscriptionProcessor;
  let onDemoAuthenticated: ((id: string) => Promise<void>) | undefined;
  if (options.stripe && stripe) {
    const settings = options.stripe;
    const stripeSubs = stripeSubscriptions({ db: ctx.db, stripe, inTransaction, now, log });
    subscriptionProcessor = stripeSubs.processor;
    const reversals = stripeReversals({ stripe, payments, reversals: paymentReversals({ db: ctx.db, credits, afterCommit }) });
    const webhooks = stripeWebhooks({ db: ctx.db, payments, subscriptions: stripeSubs, reversals });
    routes.push(
      webhooksRoutes(webhooks, (payload, signature) => stripe.webhooks.constructEvent(payload, signature, settings.webhookSecret)),
    );
  } else {
    const demoSubs = demoSubscriptions({ demo, inTransaction, now });
    subscriptionProcessor = demoSubs.processor;
    onDemoAuthenticated = (id) => demoSubs.completeAuthenticated(id);
  }

  const processorName = options.stripe ? 'stripe' : options.demoPayments ? 'demo' : undefined;
  const subscriptions = subscriptionsService({ db: ctx.db, afterCommit, processor: subscriptionProcessor, now, log });
  routes.push(
    paymentsRoutes(payments, {
      processor: processorName,
      publishableKey: options.stripe?.publishableKey ?? null,
      demo: processorName === 'demo' ? demo : undefined,
      onDemoAuthenticated,
      requestKeys,
    }),
    subscriptionsRoutes(subscriptions, { available: processorName !== undefined, requestKeys }),
  );

  const interval = options.expirySweepIntervalMs ?? DEFAULT_EXPIRY_SWEEP_INTERVAL_MS;
  const expiry = expirySweep({ db: ctx.db, settle: (userId) => subscriptions.settle(userId), now, log });
  const abandoned = abandonedPaymentsSweep({ db: ctx.db, processor: paymentProcessor, payments, now, log });
  const sweeps = [
    every(interval, expiry.sweepOnce, log, 'subscription expiry sweep'),
    every(interval, abandoned.sweepOnce, log, 'abandoned payments sweep'),
  ];
  return { routes, subscriptionProcessor, close: () => Promise.all(sweeps.map((sweep) => sweep.stop())).then(() => undefined) };
}

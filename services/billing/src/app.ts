import path from 'node:path';
import type { Router } from 'express';
import { type ServiceContext, type ServiceDefinition, runPeriodically } from '@stockai/platform';
import { billingAdmin } from './admin';
import { catalogueRoutes } from './catalogue/routes';
import { type BillingOptions, DEFAULT_EXPIRY_SWEEP_INTERVAL_MS } from './config';
import { creditsSubscriptions } from './credits/consumers';
import { creditsRoutes, openCallersAccount } from './credits/routes';
import { type CreditsService, creditsService } from './credits/service';
import { directorySubscriptions } from './directory/consumers';
import { type RequestKeys, requestKeys } from './idempotency/service';
import { abandonedPaymentsSweep } from './payments/abandoned';
import { type PaymentProcessor, demoProcessor } from './payments/processor';
import { paymentReversals } from './payments/reversals';
import { paymentsRoutes } from './payments/routes';
import { paymentsService } from './payments/service';
import { stripeClient } from './stripe/client';
import { stripeProcessor } from './stripe/processor';
import { stripeReversals } from './stripe/reversals';
import { demoSubscriptions } from './subscriptions/demo';
import { expirySweep } from './subscriptions/expiry';
import type { SubscriptionProcessor } from './subscriptions/processor';
import { subscriptionsRoutes } from './subscriptions/routes';
import { subscriptionsService } from './subscriptions/service';
import { stripeSubscriptions } from './subscriptions/stripe';
import { webhooksRoutes } from './webhooks/routes';
import { stripeWebhooks } from './webhooks/service';
import { billingApi } from './openapi';

/** The billing service: credit accounts and their ledger, packages, plans, payments (demo or Stripe) and subscriptions. */
export function billingService(options: BillingOptions = { demoPayments: true }): ServiceDefinition {
  return {
    name: 'billing',
    api: billingApi,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      const credits = creditsService(ctx.db, { afterCommit: ctx.outbox.kick, now: options.now });
      const keys = requestKeys(ctx.db);
      const processing = cardProcessing(ctx, credits, keys, options);
      return {
        routes: [
          openCallersAccount(credits),
          creditsRoutes(credits, { demoPayments: options.demoPayments, requestKeys: keys }),
          catalogueRoutes(ctx.db),
          billingAdmin({
            db: ctx.db,
            credits,
            processor: processing.subscriptionProcessor,
            afterCommit: ctx.outbox.kick,
            now: options.now,
            currency: options.currency,
          }),
          ...processing.routes,
        ],
        close: processing.close,
        subscriptions: [...creditsSubscriptions(ctx.db, credits), ...directorySubscriptions(ctx.db)],
      };
    },
  };
}

/**
 * Payments and subscriptions wired to the configured card processor: Stripe (with its
 * webhook endpoint) when settings are given, else the demo processor, else none (paying
 * answers 503). Also starts the sweeps (subscriptions past their end, package payments never
 * paid for a day: payments/abandoned.ts); `close` stops them.
 */
function cardProcessing(
  ctx: ServiceContext,
  credits: CreditsService,
  keys: RequestKeys,
  options: BillingOptions,
): { routes: Router[]; subscriptionProcessor: SubscriptionProcessor; close(): Promise<void> } {
  const now = options.now ?? (() => new Date());
  const afterCommit = ctx.outbox.kick;
  const log = (err: unknown, msg: string) => ctx.logger.error({ err }, msg);
  const inTransaction = credits.userTransaction;
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
  const subscriptions = subscriptionsService({ db: ctx.db, credits, processor: subscriptionProcessor, now, log });
  routes.push(
    paymentsRoutes(payments, {
      processor: processorName,
      publishableKey: options.stripe?.publishableKey ?? null,
      demo: processorName === 'demo' ? demo : undefined,
      onDemoAuthenticated,
      requestKeys: keys,
    }),
    subscriptionsRoutes(subscriptions, { available: processorName !== undefined, requestKeys: keys }),
  );

  const everyMs = options.expirySweepIntervalMs ?? DEFAULT_EXPIRY_SWEEP_INTERVAL_MS;
  const expiry = expirySweep({ db: ctx.db, settle: (userId) => subscriptions.settle(userId), now, log });
  const abandoned = abandonedPaymentsSweep({ db: ctx.db, processor: paymentProcessor, payments, now, log });
  const sweeps = [
    runPeriodically({ everyMs, run: expiry.sweepOnce, onError: (err) => log(err, 'subscription expiry sweep failed') }),
    runPeriodically({ everyMs, run: abandoned.sweepOnce, onError: (err) => log(err, 'abandoned payments sweep failed') }),
  ];
  return { routes, subscriptionProcessor, close: () => Promise.all(sweeps.map((sweep) => sweep.stop())).then(() => undefined) };
}

import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { catalogueRoutes } from './catalogue/routes';
import { creditsSubscriptions } from './credits/consumers';
import { creditsRoutes } from './credits/routes';
import { creditsService } from './credits/service';
import { demoProcessor } from './payments/processor';
import { paymentsRoutes } from './payments/routes';
import { paymentsService } from './payments/service';
import { subscriptionsRoutes } from './subscriptions/routes';
import { subscriptionsService } from './subscriptions/service';

export interface BillingOptions {
  /** True while no Stripe key is configured: the demo card processor is active. */
  demoPayments: boolean;
  /** The clock (tests move it across the Hong Kong day boundary). */
  now?: () => Date;
}

/** The billing service: credit accounts and their ledger (payments and plans come next). */
export function billingService(options: BillingOptions = { demoPayments: true }): ServiceDefinition {
  return {
    name: 'billing',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      const credits = creditsService(ctx.db, { afterCommit: ctx.outbox.kick, now: options.now });
      // The Stripe processor arrives with the Stripe integration; until then the demo processor.
      const demo = demoProcessor(ctx.db);
      const payments = paymentsService({ db: ctx.db, processor: demo, credits, afterCommit: ctx.outbox.kick });
      return {
        routes: [
          creditsRoutes(credits, { ...options, db: ctx.db }),
          catalogueRoutes(ctx.db),
          paymentsRoutes(payments, options.demoPayments ? demo : undefined),
          subscriptionsRoutes(subscriptionsService({ db: ctx.db, afterCommit: ctx.outbox.kick, now: options.now }), options),
        ],
        subscriptions: creditsSubscriptions(ctx.db, credits) };
    },
  };
}

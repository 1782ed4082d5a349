import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { catalogueRoutes } from './catalogue/routes';
import { creditsSubscriptions } from './credits/consumers';
import { creditsRoutes } from './credits/routes';
import { creditsService } from './credits/service';

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
      return { routes: [creditsRoutes(credits, options), catalogueRoutes(ctx.db)], subscriptions: creditsSubscriptions(ctx.db, credits) };
    },
  };
}

import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { billingAdmin } from './admin';
import { catalogueRoutes } from './catalogue/routes';
import { creditsSubscriptions } from './credits/consumers';
import { creditsRoutes } from './credits/routes';
import { creditsService } from './credits/service';
import { directorySubscriptions } from './directory/consumers';
import { requestKeys } from './idempotency/service';
import { type ProcessingOptions, cardProcessing } from './processing/wiring';

export interface BillingOptions extends ProcessingOptions {
  /** True while no Stripe key is configured: the demo card processor is active. */
  demoPayments: boolean;
  /** The clock (tests move it across the Hong Kong day boundary). */
  now?: () => Date;
  /** The currency of new catalogue prices an admin saves without naming one (default HKD). */
  currency?: string;
}

/** The billing service: credit accounts and their ledger, packages, plans, payments (demo or Stripe) and subscriptions. */
export function billingService(options: BillingOptions = { demoPayments: true }): ServiceDefinition {
  return {
    name: 'billing',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      const credits = creditsService(ctx.db, { afterCommit: ctx.outbox.kick, now: options.now });
      const keys = requestKeys(ctx.db);
      const processing = cardProcessing(ctx, credits, keys, options);
      return {
        routes: [
          creditsRoutes(credits, { ...options, db: ctx.db, requestKeys: keys }),
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

import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { creditsSubscriptions } from './credits/consumers';
import { creditsRoutes } from './credits/routes';
import { creditsService } from './credits/service';

/** The billing service: credit accounts (and, with later features, the ledger, payments, plans). */
export function billingService(): ServiceDefinition {
  return {
    name: 'billing',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      const credits = creditsService(ctx.db);
      return { routes: [creditsRoutes(credits)], subscriptions: creditsSubscriptions(ctx.db, credits) };
    },
  };
}

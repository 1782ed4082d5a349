import type { Router } from 'express';
import type { Database } from '@stockai/platform';
import type { CreditsService } from '../credits/service';
import type { SubscriptionProcessor } from '../subscriptions/processor';
import { adminCatalogue } from './catalogue';
import { adminMembers } from './members';
import { adminPayments } from './payments';
import { adminRoutes } from './routes';

/** Billing's admin API (`/internal/admin/...`), built from the service's dependencies. */
export function billingAdmin(deps: {
  db: Database;
  credits: CreditsService;
  processor: SubscriptionProcessor;
  afterCommit: () => void;
  now?: () => Date;
  /** The currency of new prices an admin saves without naming one. */
  currency?: string;
}): Router {
  const now = deps.now ?? (() => new Date());
  return adminRoutes({
    catalogue: adminCatalogue(deps.db, deps.currency),
    payments: adminPayments(deps.db, now),
    members: adminMembers({ ...deps, now }),
  });
}

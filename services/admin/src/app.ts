import path from 'node:path';
import { Router } from 'express';
import type { ServiceDefinition } from '@stockai/platform';
import { requireCurrentAdmin } from './access/require-admin';
import { activitySubscriptions } from './activities/consumers';
import { activityRoutes } from './activities/routes';
import { analysisAdminRoutes } from './ai/routes';
import { adminActions } from './audit/admin-actions';
import { catalogueRoutes } from './catalogue/routes';
import { directoryBackfill } from './directory/backfill';
import { readModelSubscriptions } from './directory/consumers';
import { membersRoutes } from './members/routes';
import { adminMembers } from './members/service';
import { type Owners, type ServiceUrl, ownerClient } from './owners/client';
import { paymentsRoutes } from './payments/routes';
import { statsRoutes } from './stats/routes';
import { adminApi } from './openapi';

export interface AdminOptions {
  /** Where auth, billing and analysis listen. */
  owners: { auth: ServiceUrl; billing: ServiceUrl; analysis: ServiceUrl };
  ownerTimeoutMs?: number;
}

/**
 * The admin service: the admin API (`/api/admin/*`), its read models built from events (the
 * activity log with the admins' own actions, the members directory, the analysis counts), and
 * every write delegated to the service that owns the data (auth, billing, analysis) over their
 * internal routes, with the admin's token. Every call needs an admin, as auth holds them now; the
 * first one a process answers fills the members directory from auth if it never was.
 */
export function adminService(options: AdminOptions): ServiceDefinition {
  return {
    name: 'admin',
    api: adminApi,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      const owners: Owners = {
        auth: ownerClient('auth', options.owners.auth, options.ownerTimeoutMs),
        billing: ownerClient('billing', options.owners.billing, options.ownerTimeoutMs),
        analysis: ownerClient('analysis', options.owners.analysis, options.ownerTimeoutMs),
      };
      const actions = adminActions(ctx.db, ctx.logger);
      const backfill = directoryBackfill({ db: ctx.db, auth: owners.auth, logger: ctx.logger });
      const api = Router();
      api.use('/api/admin', requireCurrentAdmin(owners.auth), backfill.firstFill());
      api.use(
        statsRoutes(ctx.db, owners),
        membersRoutes(adminMembers({ db: ctx.db, owners, actions, backfill }), { backfill, actions }),
        catalogueRoutes(owners, actions),
        analysisAdminRoutes(owners, actions),
        paymentsRoutes(owners),
        activityRoutes(ctx.db),
      );
      return { routes: [api], subscriptions: [...activitySubscriptions(ctx.db), ...readModelSubscriptions(ctx.db)] };
    },
  };
}

import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { activitySubscriptions } from './activities/consumers';
import { activityRoutes } from './activities/routes';
import { adminApi } from './openapi';

/** The admin service: the activity-log read model (and, with later features, the admin API). */
export function adminService(): ServiceDefinition {
  return {
    name: 'admin',
    api: adminApi,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      return { routes: [activityRoutes(ctx.db)], subscriptions: activitySubscriptions(ctx.db) };
    },
  };
}

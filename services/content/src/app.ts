import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { articlesRoutes } from './articles/routes';
import { articlesService } from './articles/service';
import type { ContentOptions } from './config';
import { ghostContentSource } from './ghost/content-source';
import { ghostPostIndex } from './ghost/post-index';
import { postWebhookRoutes } from './ghost/routes';
import { indexLibrary } from './library/index-library';
import { membersSubscriptions } from './members/consumers';
import { ghostMembers } from './members/ghost-members';
import { membersRoutes } from './members/routes';
import { membersService } from './members/service';
import { contentApi } from './openapi';

/** As large as the gateway lets through by default (MAX_BODY_BYTES, 1 MiB). */
const WEBHOOK_BODY_LIMIT = '1mb';

/**
 * The content service: blog articles (the built-in library, and Ghost when configured) and
 * Ghost member sync, all under ghost/*.
 */
export function contentService(options: ContentOptions = {}): ServiceDefinition {
  return {
    name: 'content',
    api: contentApi,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    async build(ctx) {
      await indexLibrary(ctx.db);
      const settings = options.ghost;
      const ghost = settings ? ghostContentSource(settings) : undefined;
      const index =
        ghost && settings ? ghostPostIndex({ db: ctx.db, ghost, logger: ctx.logger, intervalMs: settings.refreshIntervalMs }) : undefined;
      index?.start();
      const memberSync = settings?.adminApiKey ? ghostMembers({ ...settings, adminApiKey: settings.adminApiKey }) : undefined;
      const members = membersService({ db: ctx.db, ghost: memberSync, logger: ctx.logger });
      return {
        routes: [
          articlesRoutes(articlesService({ db: ctx.db, ghost, logger: ctx.logger, searchTimeoutMs: options.searchTimeoutMs })),
          postWebhookRoutes({ index, webhookSecret: settings?.webhookSecret }),
          membersRoutes(members, { webhookSecret: settings?.webhookSecret }),
        ],
        subscriptions: membersSubscriptions(members),
        // Ghost's post webhooks carry the whole post, current and previous: more than 100 kB for a long one.
        bodyLimits: { '/api/ghost/webhook/post': WEBHOOK_BODY_LIMIT, '/api/ghost/webhook/member': WEBHOOK_BODY_LIMIT },
        close: async () => index?.stop(),
      };
    },
  };
}

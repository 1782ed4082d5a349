import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { seedAdmin } from './accounts/admin-seed';
import { adminAccountsRoutes } from './admin/routes';
import { adminAccounts } from './admin/service';
import { type AccountRateLimits, DEFAULT_RATE_LIMITS } from './accounts/rate-limits';
import { accountsRoutes } from './accounts/routes';
import { accountsService } from './accounts/service';
import { alertMailConsumer } from './mail/alert-mail';
import { createMailer } from './mail/mailer';
import { type GoogleOptions, googleRoutes } from './google/routes';
import { membershipConsumer } from './membership/consumer';
import { authApi } from './openapi';
import { profileRoutes } from './profile/routes';
import { profileService } from './profile/service';
import { recoveryRoutes } from './recovery/routes';
import { recoveryService } from './recovery/service';

export interface AuthOptions {
  tokenLifetimeSeconds: number;
  /** Where the web app is served, for the links in e-mails; unset, the origin each request came to. */
  appUrl?: string;
  mail: {
    /** SMTP server (`smtp://user:pass@host:587`); without it, e-mails are written to `outboxDir`. */
    smtpUrl?: string;
    from: string;
    outboxDir: string;
  };
  /** Replaces some of the default limits (tests use small ones). */
  rateLimits?: Partial<AccountRateLimits>;
  /** Google sign-in; without it the Google routes answer 503. */
  google?: GoogleOptions;
  /** An admin account made (or promoted) at start, from ADMIN_EMAIL / ADMIN_PASSWORD. */
  admin?: { email: string; password: string };
}

/** The auth service: accounts, sign-in, tokens, password recovery, profile, membership level. */
export function authService(options: AuthOptions): ServiceDefinition {
  return {
    name: 'auth',
    api: authApi,
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    async build(ctx) {
      if (!ctx.privateKey) throw new Error('the auth service needs the JWT private key');
      const limits = { ...DEFAULT_RATE_LIMITS, ...options.rateLimits };
      const mailer = createMailer({ ...options.mail, logger: ctx.logger });
      const accounts = accountsService({
        db: ctx.db,
        privateKey: ctx.privateKey,
        revocations: ctx.revocations,
        tokenLifetimeSeconds: options.tokenLifetimeSeconds,
        afterCommit: ctx.outbox.kick,
      });
      const recovery = recoveryService({
        db: ctx.db,
        mailer,
        revocations: ctx.revocations,
        logger: ctx.logger,
        tokenLifetimeSeconds: options.tokenLifetimeSeconds,
        afterCommit: ctx.outbox.kick,
      });
      if (options.admin) await seedAdmin(ctx, options.admin);
      return {
        routes: [
          accountsRoutes(accounts, ctx.cache, limits),
          recoveryRoutes(recovery, ctx.cache, limits, options.appUrl),
          googleRoutes({ accounts, cache: ctx.cache, logger: ctx.logger, appUrl: options.appUrl, google: options.google }),
          profileRoutes(profileService({ db: ctx.db, afterCommit: ctx.outbox.kick })),
          adminAccountsRoutes(
            adminAccounts({
              db: ctx.db,
              revocations: ctx.revocations,
              tokenLifetimeSeconds: options.tokenLifetimeSeconds,
              afterCommit: ctx.outbox.kick,
            }),
          ),
        ],
        subscriptions: [membershipConsumer(ctx.db), alertMailConsumer(ctx.db, mailer, options.appUrl)],
        close: () => mailer.close(),
      };
    },
  };
}

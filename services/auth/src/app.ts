import path from 'node:path';
import type { ServiceDefinition } from '@stockai/platform';
import { accountsRoutes } from './accounts/routes';
import { accountsService } from './accounts/service';

export interface AuthOptions {
  tokenLifetimeSeconds: number;
}

/** The auth service: accounts, sign-in, tokens (and, with later features, recovery and profile). */
export function authService(options: AuthOptions): ServiceDefinition {
  return {
    name: 'auth',
    migrationsDir: path.join(__dirname, '..', 'migrations'),
    build(ctx) {
      if (!ctx.privateKey) throw new Error('the auth service needs the JWT private key');
      const accounts = accountsService({
        db: ctx.db,
        privateKey: ctx.privateKey,
        revocations: ctx.revocations,
        tokenLifetimeSeconds: options.tokenLifetimeSeconds,
        afterCommit: ctx.outbox.kick,
      });
      return { routes: [accountsRoutes(accounts)] };
    },
  };
}

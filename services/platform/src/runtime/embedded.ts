import { cpSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import { allEventQueues } from '@stockai/contracts';
import { loadOrCreateKeyPair } from '../auth/tokens';
import { createMemoryBus } from '../bus/memory';
import { createMemoryCache } from '../cache/memory';
import { createPgliteDatabase } from '../db/pglite';
import { createThreadedPgliteDatabase } from '../db/pglite-thread';
import type { Logger } from '../logger';
import type { Infrastructure } from './service';

/**
 * The all-in-one wiring: one in-memory bus and cache shared by every service of the
 * process, one PGlite database per service under `dataDir/<service>` (each on a worker thread
 * of its own), and an RS256 key
 * pair kept in `dataDir/keys` so tokens survive restarts. The bus holds every consumer queue
 * from the start, so what auth publishes while starting (the seeded admin's
 * `user.registered`) waits for billing, content and admin, whenever they subscribe.
 */
export function createEmbeddedInfrastructure(dataDir: string) {
  const bus = createMemoryBus({ declare: allEventQueues() });
  const cache = createMemoryCache();
  const keys = loadOrCreateKeyPair(path.join(dataDir, 'keys'));
  // Made once for the services that start together on a new data directory.
  let template: Promise<string> | undefined;
  return {
    bus,
    cache,
    keys,
    async forService(name: string, logger: Logger, options: { withPrivateKey?: boolean } = {}): Promise<Infrastructure> {
      const dir = path.join(dataDir, name);
      if (!existsSync(path.join(dir, 'PG_VERSION'))) {
        template ??= freshClusterTemplate(dataDir);
        copyCluster(await template, dir);
      }
      // Each service's database on a thread of its own, off the thread every service and the
      // gateway share (docs/decisions/0052-all-in-one-databases-on-their-own-threads.md).
      const db = await createThreadedPgliteDatabase(dir);
      return {
        db,
        bus,
        cache,
        logger,
        publicKey: keys.publicKey,
        privateKey: options.withPrivateKey ? keys.privateKey : undefined,
      };
    },
    async close() {
      await bus.close();
      await cache.close();
    },
  };
}

/**
 * A new PGlite cluster costs an initdb (~5 s); reopening one costs ~0.3 s. The first start
 * runs initdb once into `.pg-template` and copies it for each service, so a fresh
 * `npm start` is ready in seconds rather than half a minute.
 */
async function freshClusterTemplate(dataDir: string): Promise<string> {
  const template = path.join(dataDir, '.pg-template');
  if (!existsSync(path.join(template, 'PG_VERSION'))) {
    rmSync(template, { recursive: true, force: true });
    const db = await createPgliteDatabase(template);
    await db.close();
  }
  return template;
}

function copyCluster(template: string, target: string): void {
  rmSync(target, { recursive: true, force: true });
  cpSync(template, target, { recursive: true });
}

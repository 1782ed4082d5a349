import { createAmqpBus } from '../bus/amqp';
import { deleteAmqpTopology } from '../bus/test-helpers';
import type { EventBus } from '../bus/types';
import { createRedisCache } from '../cache/redis';
import type { Cache } from '../cache/types';
import { generateRsaKeyPair, type KeyPair } from '../auth/tokens';
import type { Database } from '../db/types';
import { createLogger } from '../logger';
import { type RunningService, type ServiceDefinition, startService } from '../runtime/service';
import { createTestDatabase, testInfra, uniqueName } from './infra';

export interface TestService {
  url: string;
  /** The routes its HTTP app answers. */
  routes: RunningService['routes'];
  db: Database;
  bus: EventBus;
  cache: Cache;
  keys: KeyPair;
  /** Stops the service and removes its database, exchange, queues and keys. */
  close(): Promise<void>;
}

export interface TestServiceOptions {
  /** Shares a key pair (tokens signed by one service verify at another). */
  keys?: KeyPair;
  /** Shares an exchange, so services started together see each other's events. */
  exchange?: string;
}

/**
 * One service as it runs in production, on the real test infrastructure: its own new
 * PostgreSQL database, RabbitMQ on an exchange and queue prefix of its own, Redis under a key
 * prefix of its own. Everything is removed on `close`.
 */
export async function startTestService(definition: ServiceDefinition, options: TestServiceOptions = {}): Promise<TestService> {
  const infra = await testInfra();
  const run = uniqueName(definition.name);
  const exchange = options.exchange ?? `${run}.events`;
  const queuePrefix = `${run}.`;
  const keys = options.keys ?? generateRsaKeyPair();
  const { db, drop } = await createTestDatabase();
  const logger = createLogger(definition.name, 'silent');
  const amqp = await createAmqpBus(infra.amqpUrl, { exchange, queuePrefix, logger });
  // Remembers the consumer queues the service declares, to delete them afterwards.
  const queues: string[] = [];
  const bus: EventBus = {
    ...amqp,
    subscribe: (subscription) => {
      queues.push(subscription.queue);
      return amqp.subscribe(subscription);
    },
  };
  const cache = createRedisCache(infra.redisUrl, { keyPrefix: `${run}:` });
  let running: RunningService;
  try {
    running = await startService(
      definition,
      { db, bus, cache, logger, publicKey: keys.publicKey, privateKey: keys.privateKey },
      { port: 0 },
    );
  } catch (err) {
    await Promise.all([bus.close(), cache.close(), drop()]);
    throw err;
  }
  return {
    url: running.url,
    routes: running.routes,
    db,
    bus,
    cache,
    keys,
    async close() {
      await running.close();
      await bus.close();
      await cache.close();
      await drop();
      await deleteAmqpTopology(
        infra.amqpUrl,
        options.exchange ? undefined : exchange,
        queues.map((q) => queuePrefix + q),
      );
    },
  };
}

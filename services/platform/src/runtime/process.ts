import { z } from 'zod';
import { allEventQueues } from '@stockai/contracts';
import { createAmqpBus } from '../bus/amqp';
import { DEFAULT_EVENT_RETENTION } from '../bus/retention';
import { createRedisCache } from '../cache/redis';
import { env, loadConfig } from '../config';
import { createPostgresDatabase, ensurePostgresDatabase } from '../db/postgres';
import { createLogger } from '../logger';
import { type RunningService, type ServiceDefinition, startService } from './service';
import { shutdownTelemetry } from './telemetry';

export const DEFAULT_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * Environment of a service process in the distributed shape. `<SERVICE>_DATABASE_URL`
 * names the service's own database; otherwise the service creates and uses
 * `stockai_<service>` on the server of `DATABASE_URL`.
 */
export function processEnvSchema(defaultPort: number) {
  return z.object({
    PORT: env.port(defaultPort),
    HOST: z.string().default('0.0.0.0'),
    LOG_LEVEL: env.logLevel(),
    DATABASE_URL: env.url().default(DEFAULT_DATABASE_URL),
    AMQP_URL: env.url().default('amqp://guest:guest@127.0.0.1:5672'),
    AMQP_EXCHANGE: z.string().min(1).default('events'),
    AMQP_QUEUE_PREFIX: z.string().default(''),
    REDIS_URL: env.url().default('redis://127.0.0.1:6379'),
    REDIS_KEY_PREFIX: z.string().default('stockai:'),
    JWT_PUBLIC_KEY: z.string({ message: 'is required (PEM text, or JWT_PUBLIC_KEY_FILE with its path)' }).min(1),
    JWT_PRIVATE_KEY: z.string().optional(),
    // false where a migration Job applies the schema as its owner and the service connects
    // with a role that may not change it (the Helm chart): the service then only checks that
    // no migration is pending.
    // Connections per process to its database: replicas × this must stay under the server's
    // max_connections (or PgBouncer's pool); docs/operations.md, "Capacity plan".
    DATABASE_POOL_MAX: env.positiveInt(10),
    MIGRATE_ON_START: env.bool(true),
    OUTBOX_RETENTION_HOURS: env.positiveInt(DEFAULT_EVENT_RETENTION.outboxHours),
    INBOX_RETENTION_HOURS: env.positiveInt(DEFAULT_EVENT_RETENTION.inboxHours),
    // After SIGTERM, how long the process keeps serving with readiness false before it stops
    // accepting connections, so balancers notice first (the preStop sleep's equivalent where
    // there is none: the local distributed shape; the chart's preStop already waits, so it sets 0).
    SHUTDOWN_DELAY_MS: env.nonNegativeInt(0),
  });
}

export async function databaseUrlFor(service: string, databaseUrl: string): Promise<string> {
  const variable = `${service.toUpperCase()}_DATABASE_URL`;
  const own = loadConfig(z.object({ [variable]: env.optionalUrl() }))[variable];
  if (own) return own;
  return ensurePostgresDatabase(databaseUrl, `stockai_${service}`);
}

/**
 * `main.ts` of every service: read and validate the environment, connect PostgreSQL,
 * RabbitMQ and Redis, start, and stop cleanly on SIGTERM/SIGINT. The bus declares every
 * consumer queue of the system (`eventQueues` in contracts), not only this service's, so
 * whichever process starts first makes sure no event is published to an unbound exchange.
 */
export async function runServiceProcess(definition: ServiceDefinition, defaultPort: number): Promise<void> {
  const config = loadConfig(processEnvSchema(defaultPort));
  const logger = createLogger(definition.name, config.LOG_LEVEL);
  try {
    const db = createPostgresDatabase(await databaseUrlFor(definition.name, config.DATABASE_URL), { max: config.DATABASE_POOL_MAX });
    const bus = await createAmqpBus(config.AMQP_URL, {
      exchange: config.AMQP_EXCHANGE,
      queuePrefix: config.AMQP_QUEUE_PREFIX,
      declare: allEventQueues(),
      logger,
    });
    const cache = createRedisCache(config.REDIS_URL, { keyPrefix: config.REDIS_KEY_PREFIX });
    const running = await startService(
      definition,
      {
        db,
        bus,
        cache,
        logger,
        publicKey: config.JWT_PUBLIC_KEY,
        privateKey: config.JWT_PRIVATE_KEY,
        eventRetention: { outboxHours: config.OUTBOX_RETENTION_HOURS, inboxHours: config.INBOX_RETENTION_HOURS },
      },
      { port: config.PORT, host: config.HOST, migrate: config.MIGRATE_ON_START },
    );
    onShutdown(logger, async () => {
      await drainService(running, config.SHUTDOWN_DELAY_MS, logger);
      await bus.close();
      await cache.close();
      await db.close();
    });
  } catch (err) {
    logger.fatal({ err }, `${definition.name} failed to start`);
    process.exit(1);
  }
}

/**
 * The graceful drain of a service process on SIGTERM (docs/decisions/0073): readiness false at
 * once, `delayMs` of serving on for balancers to notice, then the close: event streams end with
 * a reconnect hint, the server takes no new connections and finishes the requests in flight,
 * the consumers finish (or, past the grace period, leave unacked for another worker) their jobs.
 */
export async function drainService(
  running: Pick<RunningService, 'stopReadiness' | 'close'>,
  delayMs: number,
  logger: { info(obj: object, msg: string): void },
): Promise<void> {
  running.stopReadiness();
  logger.info({ delayMs }, 'not ready; draining');
  if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
  const started = performance.now();
  await running.close();
  logger.info({ drainMs: Math.round(performance.now() - started) }, 'drained');
}

/** Runs `stop` once on SIGTERM or SIGINT, flushes traces and metrics, then exits; a second signal exits at once. */
export function onShutdown(logger: { info(msg: string): void; error(obj: object, msg: string): void }, stop: () => Promise<void>) {
  let stopping = false;
  const handler = (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`${signal} received, shutting down`);
    stop()
      .then(shutdownTelemetry)
      .then(() => process.exit(0))
      .catch((err) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.on('SIGTERM', () => handler('SIGTERM'));
  process.on('SIGINT', () => handler('SIGINT'));
}

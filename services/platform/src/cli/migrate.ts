/**
 * Applies one service's migrations and exits: the Helm chart's pre-install/pre-upgrade Job,
 * or by hand before starting services with MIGRATE_ON_START=false (docs/operations.md).
 *
 *   node --import tsx services/platform/src/cli/migrate.ts <service> <migrations dir>
 *
 * MIGRATION_DATABASE_URL: the service's database, as its owner. Without it, the database
 * `stockai_<service>` (or <SERVICE>_DATABASE_URL) on the server of DATABASE_URL, created when
 * missing, as for a service migrating at start. APP_DATABASE_ROLE: the role the service
 * connects with, given read and write access to the rows and nothing more.
 */
import path from 'node:path';
import { z } from 'zod';
import { env, loadConfig } from '../config';
import { createPostgresDatabase } from '../db/postgres';
import { grantApplicationRole, migrateServiceSchema } from '../db/schema-owner';
import { createLogger } from '../logger';
import { DEFAULT_DATABASE_URL, databaseUrlFor } from '../runtime/process';

const [service, migrationsDir] = process.argv.slice(2);
if (!service || !/^[a-z]+$/.test(service) || !migrationsDir) {
  console.error('usage: migrate <service> <migrations dir>, e.g. migrate auth services/auth/migrations');
  process.exit(2);
}

const config = loadConfig(
  z.object({
    LOG_LEVEL: env.logLevel(),
    DATABASE_URL: env.url().default(DEFAULT_DATABASE_URL),
    MIGRATION_DATABASE_URL: env.optionalUrl(),
    APP_DATABASE_ROLE: z.string().optional(),
  }),
);
const logger = createLogger(`${service}-migrate`, config.LOG_LEVEL);

async function main(name: string, dir: string) {
  const db = createPostgresDatabase(config.MIGRATION_DATABASE_URL ?? (await databaseUrlFor(name, config.DATABASE_URL)), { max: 1 });
  try {
    const applied = await migrateServiceSchema(db, path.resolve(dir));
    if (config.APP_DATABASE_ROLE) await grantApplicationRole(db, config.APP_DATABASE_ROLE);
    logger.info({ applied, appRole: config.APP_DATABASE_ROLE ?? null }, `${name} schema is current`);
  } finally {
    await db.close();
  }
}

main(service, migrationsDir).catch((err: unknown) => {
  logger.fatal({ err }, `${service} migration failed`);
  process.exit(1);
});

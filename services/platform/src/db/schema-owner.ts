import { readdirSync } from 'node:fs';
import { PLATFORM_MIGRATIONS_DIR, migrate } from './migrate';
import type { Database } from './types';

/**
 * Schema changes and everyday work under two PostgreSQL roles (ADR 0038). The migration Job
 * connects as the owner of the service's database and applies the migrations; the service
 * itself connects as an application role that may read and write rows but change no table.
 */

/** Applies the platform's migrations (outbox, inbox) then the service's, as `migrate` does. */
export async function migrateServiceSchema(db: Database, migrationsDir: string): Promise<string[]> {
  return [...(await migrate(db, PLATFORM_MIGRATIONS_DIR)), ...(await migrate(db, migrationsDir))];
}

/**
 * The migration files of the platform and of the service not yet applied to `db`. A service
 * started without migrating refuses to serve a schema older than its code.
 */
export async function pendingMigrations(db: Database, migrationsDir: string): Promise<string[]> {
  const wanted = [PLATFORM_MIGRATIONS_DIR, migrationsDir].flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith('.sql')));
  const exists = await db.query<{ present: boolean }>("SELECT to_regclass('schema_migrations') IS NOT NULL AS present");
  if (!exists.rows[0]?.present) return wanted.sort();
  const { rows } = await db.query<{ name: string }>('SELECT name FROM schema_migrations');
  const applied = new Set(rows.map((r) => r.name));
  return wanted.filter((f) => !applied.has(f)).sort();
}

const ROLE_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Lets `role` read and write the rows of every table and use every sequence of the public
 * schema, now and for the tables later migrations create (default privileges of the role
 * running this, the owner): no CREATE, ALTER, DROP or TRUNCATE. The role must exist.
 */
export async function grantApplicationRole(db: Database, role: string): Promise<void> {
  if (!ROLE_NAME.test(role)) throw new Error(`invalid role name: ${role} (lower-case letters, digits and _)`);
  const { rowCount } = await db.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
  if (!rowCount) throw new Error(`role ${role} does not exist: create it first (docs/operations.md, "Database roles")`);
  await db.transaction(async (tx) => {
    await tx.query(`REVOKE CREATE ON SCHEMA public FROM ${role}`);
    await tx.query(`GRANT USAGE ON SCHEMA public TO ${role}`);
    await tx.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
    await tx.query(`GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
    await tx.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT, INSERT, UPDATE, DELETE ON TABLES TO ${role}`);
    await tx.query(`ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT USAGE, SELECT, UPDATE ON SEQUENCES TO ${role}`);
  });
}

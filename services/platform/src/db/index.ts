export * from './types';
export { createPostgresDatabase, ensurePostgresDatabase } from './postgres';
export { createPgliteDatabase } from './pglite';
export { createThreadedPgliteDatabase } from './pglite-thread';
export { PLATFORM_MIGRATIONS_DIR, migrate } from './migrate';
export { grantApplicationRole, migrateServiceSchema, pendingMigrations } from './schema-owner';
export { type GroupWriter, groupWriter } from './group-writer';

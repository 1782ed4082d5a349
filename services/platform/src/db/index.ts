export * from './types';
export { createPostgresDatabase, ensurePostgresDatabase } from './postgres';
export { createPgliteDatabase } from './pglite';
export { migrate } from './migrate';

import path from 'node:path';
import { type Cache, type Database, RevocationList, createRedisCache, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase, testInfra, uniqueName } from '@stockai/platform/src/testing';

/**
 * A new PostgreSQL database with auth's schema, and Redis under a key prefix of its own (the
 * cache and the revocation list on it), for tests beside the code.
 */
export async function authTestInfra(): Promise<{ db: Database; cache: Cache; revocations: RevocationList; close(): Promise<void> }> {
  const test = await createTestDatabase();
  await migrateServiceSchema(test.db, path.join(__dirname, '..', '..', 'migrations'));
  const cache: Cache = createRedisCache((await testInfra()).redisUrl, { keyPrefix: `${uniqueName('auth')}:` });
  return {
    db: test.db,
    cache,
    revocations: new RevocationList(cache),
    async close() {
      await cache.close();
      await test.drop();
    },
  };
}

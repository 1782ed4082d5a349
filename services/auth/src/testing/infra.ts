import path from 'node:path';
import { type Cache, type Database, RevocationList, createRedisCache, migrateServiceSchema } from '@stockai/platform';
import { createTestDatabase, testInfra, uniqueName } from '@stockai/platform/src/testing';

/** A new PostgreSQL database with auth's schema, and a revocation list on Redis under a prefix of its own, for tests beside the code. */
export async function authTestInfra(): Promise<{ db: Database; revocations: RevocationList; close(): Promise<void> }> {
  const test = await createTestDatabase();
  await migrateServiceSchema(test.db, path.join(__dirname, '..', '..', 'migrations'));
  const cache: Cache = createRedisCache((await testInfra()).redisUrl, { keyPrefix: `${uniqueName('auth')}:` });
  return {
    db: test.db,
    revocations: new RevocationList(cache),
    async close() {
      await cache.close();
      await test.drop();
    },
  };
}

import { Redis } from 'ioredis';
import { testInfra, uniqueName } from '../testing';
import { describeCacheConformance } from './cache.conformance';
import { createMemoryCache } from './memory';
import { createRedisCache } from './redis';

let now = Date.UTC(2025, 0, 1);
describeCacheConformance('memory', (keyPrefix) => createMemoryCache({ keyPrefix, clock: () => now }), {
  advanceClock: (ms) => {
    now += ms;
  },
});

describe('on Redis', () => {
  const root = `${uniqueName('cache_conformance')}:`;
  let redisUrl = '';

  beforeAll(async () => {
    ({ redisUrl } = await testInfra());
  });

  afterAll(async () => {
    const redis = new Redis(redisUrl);
    try {
      const keys = await redis.keys(`${root}*`);
      if (keys.length) await redis.del(...keys);
    } finally {
      redis.disconnect();
    }
  });

  describeCacheConformance('redis', (keyPrefix) => createRedisCache(redisUrl, { keyPrefix: root + keyPrefix }));
});

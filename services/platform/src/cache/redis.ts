import { Redis } from 'ioredis';
import type { Cache } from './types';
import { ttlMilliseconds } from './ttl';

export interface RedisCacheOptions {
  /** Prepended (by ioredis) to every key, so services and test runs can share one Redis. */
  keyPrefix?: string;
}

/**
 * The cache over Redis. Callers must not hang when Redis is down: a connection attempt
 * gives up after 2 s, a command waiting for a connection fails after one reconnect attempt,
 * and any command fails after 5 s without a reply.
 */
export function createRedisCache(url: string, options: RedisCacheOptions = {}): Cache {
  const redis = new Redis(url, {
    keyPrefix: options.keyPrefix,
    connectTimeout: 2000,
    commandTimeout: 5000,
    // Commands issued in the same tick (e.g. the two revocation lookups of each request) go out as one write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2000),
  });
  // ioredis reports connection failures as 'error' events and keeps reconnecting; the
  // commands issued meanwhile reject, which is where callers see the failure.
  redis.on('error', () => undefined);

  return {
    async get(key) {
      return redis.get(key);
    },
    async set(key, value, ttlSeconds) {
      const ttlMs = ttlMilliseconds(ttlSeconds);
      if (ttlMs === undefined) await redis.set(key, value);
      else await redis.set(key, value, 'PX', ttlMs);
    },
    async setIfAbsent(key, value, ttlSeconds) {
      const ttlMs = ttlMilliseconds(ttlSeconds);
      const reply = ttlMs === undefined ? await redis.set(key, value, 'NX') : await redis.set(key, value, 'PX', ttlMs, 'NX');
      return reply === 'OK';
    },
    async del(key) {
      await redis.del(key);
    },
    async incr(key, ttlSeconds) {
      const ttlMs = ttlMilliseconds(ttlSeconds);
      if (ttlMs === undefined) return redis.incr(key);
      // Creating the key with its TTL and incrementing it in one MULTI means no client ever
      // sees (or leaves behind, if it dies) the counter without its TTL; SET NX leaves an
      // existing counter and its TTL alone.
      const replies = await redis.multi().set(key, '0', 'PX', ttlMs, 'NX').incr(key).exec();
      const failed = replies?.find(([err]) => err);
      if (!replies || failed) throw failed?.[0] ?? new Error('Redis MULTI for incr was aborted');
      return replies[1]?.[1] as number;
    },
    async ttl(key) {
      return redis.ttl(key);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      if (redis.status === 'end') return;
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}

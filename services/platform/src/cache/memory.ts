import type { Cache } from './types';
import { ttlMilliseconds } from './ttl';

export interface MemoryCacheOptions {
  /** Prepended to every key, like the Redis cache's prefix. */
  keyPrefix?: string;
  /** Milliseconds since the epoch; injectable so tests can move time. */
  clock?: () => number;
}

export interface MemoryCache extends Cache {
  /** Entries held, counting expired ones that have not been evicted yet. */
  size(): number;
}

interface Entry {
  value: string;
  /** Epoch milliseconds at which the entry expires; null when it never does. */
  expiresAt: number | null;
}

/** How often (in clock time) a call also sweeps out every expired entry. */
const SWEEP_INTERVAL_MS = 1000;

/**
 * The in-process twin of the Redis cache, for the all-in-one mode and tests. Every
 * operation runs to completion without awaiting, so each is atomic, as in Redis.
 * An expired entry is gone on read; besides, at most once per second of clock time, a call
 * sweeps out all expired entries, so keys that are never read again do not pile up.
 */
export function createMemoryCache(options: MemoryCacheOptions = {}): MemoryCache {
  const { keyPrefix = '', clock = Date.now } = options;
  const entries = new Map<string, Entry>();
  let nextSweepAt = clock() + SWEEP_INTERVAL_MS;
  let closed = false;

  const isExpired = (entry: Entry, now: number) => entry.expiresAt !== null && entry.expiresAt <= now;

  /** The current time, after evicting expired entries when a sweep is due. */
  const begin = (): number => {
    if (closed) throw new Error('The cache is closed');
    const now = clock();
    if (now >= nextSweepAt) {
      for (const [key, entry] of entries) if (isExpired(entry, now)) entries.delete(key);
      nextSweepAt = now + SWEEP_INTERVAL_MS;
    }
    return now;
  };

  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(keyPrefix + key);
    if (entry && isExpired(entry, now)) {
      entries.delete(keyPrefix + key);
      return undefined;
    }
    return entry;
  };

  const write = (key: string, value: string, ttlMs: number | undefined, now: number) => {
    entries.set(keyPrefix + key, { value, expiresAt: ttlMs === undefined ? null : now + ttlMs });
  };

  return {
    async get(key) {
      return live(key, begin())?.value ?? null;
    },
    async set(key, value, ttlSeconds) {
      const ttlMs = ttlMilliseconds(ttlSeconds);
      write(key, value, ttlMs, begin());
    },
    async setIfAbsent(key, value, ttlSeconds) {
      const ttlMs = ttlMilliseconds(ttlSeconds);
      const now = begin();
      if (live(key, now)) return false;
      write(key, value, ttlMs, now);
      return true;
    },
    async del(key) {
      begin();
      entries.delete(keyPrefix + key);
    },
    async incr(key, ttlSeconds) {
      const ttlMs = ttlMilliseconds(ttlSeconds);
      const now = begin();
      const entry = live(key, now);
      if (!entry) {
        write(key, '1', ttlMs, now);
        return 1;
      }
      const current = Number(entry.value);
      // Same rule and message as Redis: the value must be a 64-bit integer in decimal.
      if (!/^-?\d+$/.test(entry.value) || !Number.isSafeInteger(current + 1)) {
        throw new Error('ERR value is not an integer or out of range');
      }
      entry.value = String(current + 1);
      return current + 1;
    },
    async ttl(key) {
      const now = begin();
      const entry = live(key, now);
      if (!entry) return -2;
      if (entry.expiresAt === null) return -1;
      // Rounded to the nearest second, as Redis does.
      return Math.round((entry.expiresAt - now) / 1000);
    },
    async ping() {
      begin();
    },
    async close() {
      closed = true;
      entries.clear();
    },
    size: () => entries.size,
  };
}

/**
 * Key-value cache with TTLs and atomic counters: token revocation, rate limits, caches.
 * Implemented over Redis (ioredis) and in memory, both passing one conformance suite.
 * Values are strings; callers serialise.
 */
export interface Cache {
  get(key: string): Promise<string | null>;
  set(key: string, value: string, ttlSeconds?: number): Promise<void>;
  /** Sets only when the key is absent; true when this call set it. */
  setIfAbsent(key: string, value: string, ttlSeconds?: number): Promise<boolean>;
  del(key: string): Promise<void>;
  /** Atomically adds 1 and returns the new value; the TTL is set when the key is created. */
  incr(key: string, ttlSeconds?: number): Promise<number>;
  /** Seconds left: -1 when the key has no TTL, -2 when it does not exist. */
  ttl(key: string): Promise<number>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

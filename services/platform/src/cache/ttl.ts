/**
 * A TTL in seconds as milliseconds, or undefined for "no TTL". Fractions of a second are
 * allowed; zero, negative and non-finite values are rejected the same way by both caches
 * (Redis would reject them too, but with a less helpful message).
 */
export function ttlMilliseconds(ttlSeconds: number | undefined): number | undefined {
  if (ttlSeconds === undefined) return undefined;
  if (!Number.isFinite(ttlSeconds) || ttlSeconds <= 0) {
    throw new RangeError(`ttlSeconds must be a positive number of seconds, got ${ttlSeconds}`);
  }
  return Math.ceil(ttlSeconds * 1000);
}

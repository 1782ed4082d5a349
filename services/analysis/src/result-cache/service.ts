import type { Database } from '@stockai/platform';
import { type CachedResult, resultCacheRepo } from './repo';

export interface CacheStats {
  totalEntries: number;
  validEntries: number;
  expiredEntries: number;
}

export interface CacheEntry {
  symbol: string;
  cachedAt: string;
  /** Hours since the entry was written, one decimal. */
  ageHours: number;
  isExpired: boolean;
}

/**
 * How long this process reuses an entry it read or wrote, without reading it again: in a burst
 * of analyses of one symbol (a popular stock at the open, the load suite's 200 users on 50
 * symbols) one read serves them all. Short, because another process may clear the entry (an
 * admin's clear reaches the API process's own copy at once, a distributed worker's within this).
 */
export const DEFAULT_REUSE_MS = 5_000;

/**
 * The per-symbol result cache: market data and valuation, shared by every user's analysis of a
 * symbol while younger than the TTL (ANALYSIS_CACHE_TTL_HOURS; 0 turns it off). Expiry is
 * judged against the TTL configured now, so changing it applies to existing entries at once.
 * An expired entry stays until the next analysis of its symbol overwrites it or an admin clears it.
 *
 * Each process keeps what it last read or wrote of a symbol for `reuseMs` (never past the
 * entry's TTL), and reads made while one is under way wait for it. The entries handed out are
 * frozen: every analysis of the symbol shares them, so none may change them.
 */
export function resultCache(db: Database, ttlHours: number, reuseMs = DEFAULT_REUSE_MS) {
  const recent = new Map<string, { entry: Promise<CachedResult | undefined>; until: number }>();
  const keep = (symbol: string, entry: Promise<CachedResult | undefined>, until: number) => {
    if (recent.size >= 1000) for (const [key, kept] of recent) if (kept.until <= performance.now()) recent.delete(key);
    recent.set(symbol, { entry, until });
  };
  const expiryOf = (entry: CachedResult) =>
    performance.now() + Math.min(reuseMs, entry.cachedAt.getTime() + ttlHours * 3_600_000 - Date.now());

  const entries = async (): Promise<CacheEntry[]> =>
    (await resultCacheRepo.entries(db)).map((r) => ({
      symbol: r.symbol,
      cachedAt: r.cached_at.toISOString(),
      ageHours: Math.round(r.age_hours * 10) / 10,
      isExpired: r.age_hours >= ttlHours,
    }));
  return {
    ttlHours,
    async fresh(symbol: string): Promise<CachedResult | undefined> {
      if (ttlHours <= 0) return undefined;
      const kept = recent.get(symbol);
      if (kept && kept.until > performance.now()) return kept.entry;
      const reading = resultCacheRepo.fresh(db, symbol, ttlHours).then((entry) => entry && deepFreeze(entry));
      // While the read is under way, reads of the symbol share it; then the entry is kept, a miss is not.
      keep(symbol, reading, Infinity);
      const settle = (entry: CachedResult | undefined) => {
        if (recent.get(symbol)?.entry !== reading) return;
        if (entry) keep(symbol, reading, expiryOf(entry));
        else recent.delete(symbol);
      };
      reading.then(settle, () => settle(undefined));
      return reading;
    },
    async store(entry: Omit<CachedResult, 'cachedAt'>): Promise<void> {
      if (ttlHours <= 0) return;
      await resultCacheRepo.store(db, entry);
      const stored = deepFreeze({ ...entry, cachedAt: new Date() });
      keep(entry.symbol, Promise.resolve(stored), expiryOf(stored));
    },
    entries,
    stats: async (): Promise<CacheStats> => statsOf(await entries()),
    async clearAll() {
      recent.clear();
      return resultCacheRepo.clearAll(db);
    },
    async clear(symbol: string) {
      recent.delete(symbol);
      return resultCacheRepo.clear(db, symbol);
    },
  };
}
export type ResultCache = ReturnType<typeof resultCache>;

/** The counts of a list of entries (the admin's cache tab shows both from one read). */
export function statsOf(entries: CacheEntry[]): CacheStats {
  const expired = entries.filter((e) => e.isExpired).length;
  return { totalEntries: entries.length, validEntries: entries.length - expired, expiredEntries: expired };
}

/** `value` with every object and array in it frozen (Dates too: their fields are internal, but no property can be added). */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

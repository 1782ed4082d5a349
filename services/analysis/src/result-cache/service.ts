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
 * The per-symbol result cache: market data and valuation, shared by every user's analysis of a
 * symbol while younger than the TTL (ANALYSIS_CACHE_TTL_HOURS; 0 turns it off). Expiry is
 * judged against the TTL configured now, so changing it applies to existing entries at once.
 * An expired entry stays until the next analysis of its symbol overwrites it or an admin clears it.
 */
export function resultCache(db: Database, ttlHours: number) {
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
      return resultCacheRepo.fresh(db, symbol, ttlHours);
    },
    async store(entry: Omit<CachedResult, 'cachedAt'>): Promise<void> {
      if (ttlHours <= 0) return;
      await resultCacheRepo.store(db, entry);
    },
    entries,
    stats: async (): Promise<CacheStats> => statsOf(await entries()),
    clearAll: () => resultCacheRepo.clearAll(db),
    clear: (symbol: string) => resultCacheRepo.clear(db, symbol),
  };
}
export type ResultCache = ReturnType<typeof resultCache>;

/** The counts of a list of entries (the admin's cache tab shows both from one read). */
export function statsOf(entries: CacheEntry[]): CacheStats {
  const expired = entries.filter((e) => e.isExpired).length;
  return { totalEntries: entries.length, validEntries: entries.length - expired, expiredEntries: expired };
}

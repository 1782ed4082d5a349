import type { Cache, Logger } from '@stockai/platform';

/**
 * How long Yahoo's slow-moving answers are kept (ADR 0045). Annual statements change once a
 * year (a new annual report): a day's delay in seeing one costs nothing, and a burst of
 * analyses of one stock then asks Yahoo once. Daily prices gain one bar a day and feed a
 * two-year β and a five-year chart, which one more day barely moves: half a day. The quote
 * (price, change, volume) is never cached.
 */
export const STATEMENTS_TTL_SECONDS = 24 * 3600;
export const PRICES_TTL_SECONDS = 12 * 3600;

/** Bump when the cached shapes change, so an old entry is never read as a new one. */
const VERSION = 'v1';

export interface YahooCache {
  /** The cached value of `key`, else `load()`'s, kept for `ttlSeconds` when `keep` says it is worth keeping. */
  through<T>(key: string, ttlSeconds: number, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T>;
}

/**
 * Yahoo answers in the platform cache (Redis across processes, memory all-in-one), under
 * `market-data:yahoo:v1:<key>`. Dates are stored as ISO strings by the callers' own shapes.
 * A cache that fails is skipped (logged): Yahoo is asked instead, the analysis goes on. Without
 * a cache only calls at the same moment share an answer.
 */
export function yahooCache(cache: Cache | undefined, logger: Logger): YahooCache {
  // Lookups under way in this process: a burst of analyses (every US stock wants ^GSPC) waits
  // for the one request instead of each missing the cache and asking Yahoo at once.
  const inFlight = new Map<string, Promise<unknown>>();

  async function lookUp<T>(full: string, ttlSeconds: number, load: () => Promise<T>, keep: (value: T) => boolean): Promise<T> {
    if (cache) {
      const hit = await cache.get(full).catch((err: unknown) => {
        logger.warn({ err, key: full }, 'market-data cache read failed; asking Yahoo');
        return null;
      });
      if (hit !== null) return JSON.parse(hit) as T;
    }
    const value = await load();
    if (cache && keep(value))
      await cache.set(full, JSON.stringify(value), ttlSeconds).catch((err: unknown) => {
        logger.warn({ err, key: full }, 'market-data cache write failed');
      });
    return value;
  }

  return {
    through(key, ttlSeconds, load, keep) {
      const full = `market-data:yahoo:${VERSION}:${key}`;
      const running = inFlight.get(full) as ReturnType<typeof load> | undefined;
      if (running) return running;
      const started = lookUp(full, ttlSeconds, load, keep).finally(() => inFlight.delete(full));
      inFlight.set(full, started);
      return started;
    },
  };
}

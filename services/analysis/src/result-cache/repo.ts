import type { Queryable } from '@stockai/platform';
import type { MarketData, SectorMedians } from '../market-data/types';
import type { ValuationResult } from '../report/types';

export interface CachedResult {
  symbol: string;
  marketData: MarketData;
  sectorMedians: SectorMedians | null;
  valuation: ValuationResult;
  cachedAt: Date;
}

interface CacheRow {
  symbol: string;
  market_data: MarketData;
  sector_medians: SectorMedians | null;
  valuation: ValuationResult;
  cached_at: Date;
}

export interface CacheEntryRow {
  symbol: string;
  cached_at: Date;
  age_hours: number;
}

export const resultCacheRepo = {
  /** The entry of `symbol` when it is younger than `ttlHours`. */
  async fresh(db: Queryable, symbol: string, ttlHours: number): Promise<CachedResult | undefined> {
    const { rows } = await db.query<CacheRow>(
      'SELECT * FROM analysis_result_cache WHERE symbol = $1 AND cached_at > now() - make_interval(secs => $2 * 3600)',
      [symbol, ttlHours],
    );
    const row = rows[0];
    return (
      row && {
        symbol: row.symbol,
        marketData: row.market_data,
        sectorMedians: row.sector_medians,
        valuation: row.valuation,
        cachedAt: row.cached_at,
      }
    );
  },

  async store(db: Queryable, entry: Omit<CachedResult, 'cachedAt'>): Promise<void> {
    await db.query(
      `INSERT INTO analysis_result_cache (symbol, market_data, sector_medians, valuation, cached_at)
       VALUES ($1, $2::text::jsonb, $3::text::jsonb, $4::text::jsonb, now())
       ON CONFLICT (symbol) DO UPDATE SET market_data = EXCLUDED.market_data, sector_medians = EXCLUDED.sector_medians,
         valuation = EXCLUDED.valuation, cached_at = EXCLUDED.cached_at`,
      [entry.symbol, JSON.stringify(entry.marketData), JSON.stringify(entry.sectorMedians), JSON.stringify(entry.valuation)],
    );
  },

  async entries(db: Queryable): Promise<CacheEntryRow[]> {
    const { rows } = await db.query<CacheEntryRow>(
      'SELECT symbol, cached_at, EXTRACT(EPOCH FROM now() - cached_at)::float8 / 3600 AS age_hours FROM analysis_result_cache ORDER BY cached_at DESC',
    );
    return rows.map((r) => ({ ...r, age_hours: Number(r.age_hours) }));
  },

  async clearAll(db: Queryable): Promise<number> {
    return (await db.query('DELETE FROM analysis_result_cache')).rowCount;
  },

  async clear(db: Queryable, symbol: string): Promise<boolean> {
    return (await db.query('DELETE FROM analysis_result_cache WHERE symbol = $1', [symbol])).rowCount === 1;
  },
};

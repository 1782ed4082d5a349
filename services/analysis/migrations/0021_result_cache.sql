-- The per-symbol result cache: the market data and the valuation of a symbol, reused by later
-- analyses of the same symbol while fresh (ANALYSIS_CACHE_TTL_HOURS). The parts tailored to a
-- user (business view, advice, summary) are never cached.
CREATE TABLE analysis_result_cache (
  symbol text PRIMARY KEY,
  market_data jsonb NOT NULL,
  sector_medians jsonb,
  valuation jsonb NOT NULL,
  cached_at timestamptz NOT NULL DEFAULT now()
);

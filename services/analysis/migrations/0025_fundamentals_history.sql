-- The several fiscal years and the weekly price history (with β and volatility) of a stock's
-- bundled figures, and the figures its sources gave differently (the Hang Seng statements
-- compiled in 2026, data/market/SOURCES.md). Null where the bundle has none (the S&P 500 rows).
ALTER TABLE stock_fundamentals
  ADD COLUMN fiscal_years jsonb,
  ADD COLUMN price_history jsonb,
  ADD COLUMN source_conflicts jsonb;

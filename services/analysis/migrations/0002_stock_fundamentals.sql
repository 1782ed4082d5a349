-- The bundled figures of a stock (S&P 500 financials, Hong Kong fundamentals), every amount
-- in the trading currency `currency`; null where the source has nothing. `notes` holds the
-- provenance, conversions and derivations in Traditional Chinese.
CREATE TABLE stock_fundamentals (
  symbol text PRIMARY KEY REFERENCES stocks (symbol) ON DELETE CASCADE,
  currency text NOT NULL,
  reporting_currency text,
  price double precision,
  market_cap double precision,
  shares_outstanding double precision,
  pe_ratio double precision,
  eps double precision,
  dividend_per_share double precision,
  dividend_yield double precision,
  high_52_week double precision,
  low_52_week double precision,
  book_value_per_share double precision,
  price_to_book double precision,
  price_to_sales double precision,
  revenue double precision,
  net_income double precision,
  free_cash_flow double precision,
  ebitda double precision,
  total_debt double precision,
  cash double precision,
  beta double precision,
  -- The price date: an ISO date, or a year-month where the source gives only that.
  as_of text,
  source text NOT NULL,
  notes jsonb NOT NULL DEFAULT '[]',
  load_id bigint NOT NULL
);

-- The stock universe: every Hong Kong and US symbol of the bundled market data, with its
-- classification. Loaded (and re-loaded when a newer file is bundled) by `npm run load-stocks`
-- or on first start; a symbol that leaves the files stays, marked inactive, so analyses that
-- name it still resolve.
CREATE TABLE stocks (
  symbol text PRIMARY KEY,
  name text NOT NULL,
  name_zh text,
  market text NOT NULL CHECK (market IN ('HK', 'US')),
  exchange text,
  sector text,
  industry text,
  status text NOT NULL CHECK (status IN ('active', 'delisted', 'inactive', 'suspended', 'unsuitable_product', 'reit_or_trust', 'highly_speculative')),
  -- Why the stock cannot be analysed, in Traditional Chinese; null when active.
  reason text,
  -- The facts from the sources that the classification used (ETF flag, financial status, ...).
  facts jsonb NOT NULL,
  -- The bundled files that mention the symbol.
  sources text[] NOT NULL,
  -- The load that last wrote the row.
  load_id bigint NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX stocks_sector ON stocks (sector);

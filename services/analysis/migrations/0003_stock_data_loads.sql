-- One row per load of the bundled market data: which files (name, sha-256, as-of date) and
-- how many rows. The newest row's fingerprint tells a starting service whether the bundle it
-- ships is already loaded; its id versions the cached stock list (the ETag).
CREATE TABLE stock_data_loads (
  id bigserial PRIMARY KEY,
  fingerprint text NOT NULL,
  files jsonb NOT NULL,
  stocks integer NOT NULL,
  fundamentals integer NOT NULL,
  duration_ms integer NOT NULL,
  loaded_at timestamptz NOT NULL DEFAULT now()
);

-- One analysis a user started: its progress while a worker runs it, then its report or its error.
-- The report (results) is a JSONB document shaped as spec section 3 "Results".
CREATE TABLE analyses (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  symbol text NOT NULL,
  status text NOT NULL DEFAULT 'processing' CHECK (status IN ('processing', 'completed', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  message text NOT NULL,
  error text,
  -- The requesting user's investor type (from the userProfile sent with the start), or null.
  investor_type text CHECK (investor_type IN ('conservative', 'stable', 'growth', 'aggressive')),
  results jsonb,
  -- Whether the market data and valuation came from the result cache.
  from_cache boolean NOT NULL DEFAULT false,
  -- Deliveries of the job that started running it; a job that keeps failing (or keeps killing
  -- its worker) ends as failed once this passes the limit.
  attempts integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  completed_at timestamptz
);

-- One running analysis per user per symbol: a second start while one runs is refused.
CREATE UNIQUE INDEX analyses_one_running ON analyses (user_id, symbol) WHERE status = 'processing';
CREATE INDEX analyses_history ON analyses (user_id, created_at DESC);

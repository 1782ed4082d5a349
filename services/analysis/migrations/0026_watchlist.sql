-- The stocks a member follows (issue 29, ADR 0069). The symbol is normalised (0700.HK) and
-- was in the universe when added; no foreign key to stocks: a reload of the universe must not
-- take members' lists with it.
CREATE TABLE watchlist_items (
  user_id uuid NOT NULL,
  symbol text NOT NULL,
  added_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, symbol)
);

-- An alert on a followed stock. `armed` is true while it waits for a crossing; firing sets it
-- false and counts `crossings` up in one conditional update (WHERE armed AND crossings = the
-- count read), so of several evaluators (API replicas, a restarted process) exactly one fires
-- each crossing. It re-arms once the price is back across by the margin.
CREATE TABLE watchlist_alerts (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  symbol text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('price_above', 'price_below', 'report_thresholds', 'report_stale')),
  price double precision CHECK (price IS NULL OR price > 0),
  armed boolean NOT NULL DEFAULT true,
  crossings integer NOT NULL DEFAULT 0,
  last_fired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (user_id, symbol) REFERENCES watchlist_items (user_id, symbol) ON DELETE CASCADE
);
CREATE INDEX watchlist_alerts_by_item ON watchlist_alerts (user_id, symbol);

-- What a fired alert told the member. `crossing_key` (alert id and crossing number) is unique:
-- a crossing is written once, whoever evaluates it, in the transaction that fires the alert.
-- alert_id has no foreign key: a notification outlives the alert it came from.
CREATE TABLE notifications (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  alert_id uuid,
  crossing_key text UNIQUE,
  kind text NOT NULL,
  symbol text NOT NULL,
  title text NOT NULL,
  body text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX notifications_by_user ON notifications (user_id, created_at DESC);
CREATE INDEX notifications_unread ON notifications (user_id) WHERE read_at IS NULL;

-- The member's notification settings; no row is the default (e-mail off).
CREATE TABLE notification_settings (
  user_id uuid PRIMARY KEY,
  email boolean NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Each member's level as billing announces it in `membership.changed` (free without a row), for
-- the watchlist's limit. changed_at is the event's occurredAt: a late event never wins.
CREATE TABLE member_levels (
  user_id uuid PRIMARY KEY,
  level text NOT NULL CHECK (level IN ('free', 'vip', 'premium')),
  changed_at timestamptz NOT NULL
);

-- Watchlist alerts sent to members (analysis's notification.created), for the dashboard's
-- alerts per day (issue 29). One row per notification: a redelivered event counts once.
CREATE TABLE alerts_sent (
  notification_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  kind text NOT NULL,
  symbol text NOT NULL,
  emailed boolean NOT NULL,
  sent_at timestamptz NOT NULL
);
CREATE INDEX alerts_sent_at ON alerts_sent (sent_at);

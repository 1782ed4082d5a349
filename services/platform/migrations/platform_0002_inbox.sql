-- Inbox: the ids of events a consumer has processed, so a redelivery is a no-op.
CREATE TABLE IF NOT EXISTS inbox (
  consumer text NOT NULL,
  event_id uuid NOT NULL,
  processed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (consumer, event_id)
);

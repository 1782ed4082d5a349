-- The admin read model of what users did, built from events (one row per event).
CREATE TABLE user_activities (
  id uuid PRIMARY KEY,
  occurred_at timestamptz NOT NULL,
  user_id uuid,
  email text,
  activity_type text NOT NULL,
  status text NOT NULL CHECK (status IN ('success', 'failed')),
  details jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX user_activities_occurred_at ON user_activities (occurred_at DESC);
CREATE INDEX user_activities_user ON user_activities (user_id, occurred_at DESC);

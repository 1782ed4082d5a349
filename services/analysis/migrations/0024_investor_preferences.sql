-- Each user's investment preferences (the wizard's horizon, goals and sectors), as auth announces
-- them in `user.updated` with every profile save. A start without a usable userProfile tailors
-- the advice of the user's own type with these. updated_at is the event's occurredAt, so an older
-- event delivered late does not overwrite a newer one (as in investor_types).
CREATE TABLE investor_preferences (
  user_id uuid PRIMARY KEY,
  preferences jsonb NOT NULL,
  updated_at timestamptz NOT NULL
);

-- The preferences an analysis was started with (from its userProfile, else the stored ones), read
-- by the worker: like investor_type, fixed at the start so a retry writes the same advice.
ALTER TABLE analyses ADD COLUMN preferences jsonb;

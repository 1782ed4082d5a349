-- The admin read models built from events (queue admin.read-models).
-- Members: who is registered, their role and level, their last sign-in. A deleted member keeps a
-- row (deleted_at) so that a late event cannot bring them back. Each changeable fact carries the
-- time of the event that set it, so an older event arriving late does not undo a newer one; an
-- event about a member not yet registered here makes a row the registration then completes.
CREATE TABLE members (
  user_id uuid PRIMARY KEY,
  email text NOT NULL DEFAULT '',
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  registered_at timestamptz,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  role_changed_at timestamptz,
  level text NOT NULL DEFAULT 'free',
  level_changed_at timestamptz,
  last_login_at timestamptz,
  deleted_at timestamptz
);
CREATE INDEX members_listed ON members (registered_at DESC) WHERE deleted_at IS NULL;

-- Analyses: one row per analysis, for the dashboard's counts.
CREATE TABLE analyses (
  analysis_id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  symbol text NOT NULL,
  requested_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('requested', 'completed', 'failed')),
  finished_at timestamptz
);
CREATE INDEX analyses_requested_at ON analyses (requested_at DESC);

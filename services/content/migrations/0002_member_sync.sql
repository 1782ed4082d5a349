-- Ghost member sync. `ghost_members_known` remembers the names of registered users (from
-- user.registered) so a later manual sync can send them; `ghost_sync_log` records every
-- attempt with its outcome, for the API testing page and for support.
CREATE TABLE ghost_members_known (
  email text PRIMARY KEY,
  user_id uuid,
  name text NOT NULL DEFAULT '',
  ghost_member_id text,
  registered_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ghost_sync_log (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'webhook')),
  trigger text NOT NULL CHECK (trigger IN ('user.registered', 'manual', 'webhook')),
  outcome text NOT NULL CHECK (outcome IN ('success', 'failed')),
  ghost_member_id text,
  detail text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX ghost_sync_log_created ON ghost_sync_log (created_at DESC);

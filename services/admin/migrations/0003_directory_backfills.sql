-- Each fill of the members directory from auth's accounts (directory/backfill.ts): members who
-- registered before the admin service's queue existed have no event to build their row from.
-- The first admin call finds no completed fill here and runs one; an admin may run more.
CREATE TABLE directory_backfills (
  id bigserial PRIMARY KEY,
  started_at timestamptz NOT NULL,
  completed_at timestamptz,
  accounts integer NOT NULL DEFAULT 0,
  admin_id uuid NOT NULL
);

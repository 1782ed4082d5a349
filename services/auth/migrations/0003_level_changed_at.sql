-- When the membership level last changed (the occurredAt of the membership.changed event that
-- set it), so a late, older event cannot undo a newer one.
ALTER TABLE users ADD COLUMN level_changed_at timestamptz;

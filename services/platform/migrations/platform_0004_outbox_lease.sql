-- The relay claims the rows it is about to publish with a lease instead of holding them locked
-- in a transaction while it publishes (src/bus/outbox.ts): a relay that died mid-round leaves
-- its rows to the next once the lease has run out.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS claimed_until timestamptz;
-- The order events were written in, which the relay keeps. created_at cannot tell it alone:
-- PGlite's clock counts milliseconds, and two events written within one had no order but the
-- index's.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS seq bigserial;
CREATE INDEX IF NOT EXISTS outbox_unpublished_seq ON outbox (seq) WHERE published_at IS NULL;
DROP INDEX IF EXISTS outbox_unpublished;

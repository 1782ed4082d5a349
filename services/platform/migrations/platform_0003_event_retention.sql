-- Pruning deletes published outbox rows and inbox ids by age (src/bus/retention.ts): these
-- indexes let it find them without reading the whole table.
CREATE INDEX IF NOT EXISTS outbox_published_at ON outbox (published_at) WHERE published_at IS NOT NULL;
CREATE INDEX IF NOT EXISTS inbox_processed_at ON inbox (processed_at);

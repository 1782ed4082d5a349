-- Subscriptions granted or changed by an admin have no card processor behind them.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_provider_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_provider_check CHECK (provider IN ('stripe', 'demo', 'admin'));

-- The admin payments list: newest first, optionally by status.
CREATE INDEX payments_created ON payments (created_at DESC, id);
CREATE INDEX payments_status_created ON payments (status, created_at DESC);

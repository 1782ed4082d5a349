-- An analysis row is written before its credit is debited (it reserves the one running slot per
-- user and symbol), and its job is queued only once billing confirmed the debit: queued_at is
-- set in the transaction that writes `analysis.requested` to the outbox. A row still unqueued
-- after a short while lost its start request (a killed process); the sweep fails it and asks
-- billing for a refund, which billing ignores when no debit happened.
ALTER TABLE analyses ADD COLUMN queued_at timestamptz;
UPDATE analyses SET queued_at = created_at;

-- The sweep's scan: running analyses by their last sign of life.
CREATE INDEX analyses_running_since ON analyses (updated_at) WHERE status = 'processing';

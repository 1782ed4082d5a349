-- The credit ledger: every change of a balance, append-only, each with a unique idempotency
-- key (a retried grant, debit or refund finds its key taken and changes nothing). The
-- balances on credit_accounts are a cache of the ledger's sums; a test and the
-- reconciliation query prove them equal.
CREATE TABLE credit_ledger (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id),
  kind text NOT NULL CHECK (kind IN ('grant', 'debit', 'refund', 'daily_refill', 'adjustment')),
  paid_delta integer NOT NULL DEFAULT 0,
  daily_delta integer NOT NULL DEFAULT 0,
  idempotency_key text NOT NULL UNIQUE,
  reference text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX credit_ledger_user ON credit_ledger (user_id, id);
CREATE INDEX credit_ledger_reference ON credit_ledger (reference) WHERE reference IS NOT NULL;

-- The Hong Kong calendar day (YYYY-MM-DD) of the last daily refill: daily credits refill once
-- a day. Empty for accounts from before the ledger: their next read refills them.
ALTER TABLE credit_accounts ADD COLUMN daily_refilled_on text;

-- Accounts opened before the ledger: their balances enter it as one adjustment each.
INSERT INTO credit_ledger (user_id, kind, paid_delta, daily_delta, idempotency_key)
SELECT user_id, 'adjustment', paid_credits, daily_credits, 'opening-balance:' || user_id FROM credit_accounts;

-- Payments as users see them (users/payments) and as the grant keys on them: one row per
-- payment intent of the card processor (Stripe, or the demo processor).
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id),
  type text NOT NULL CHECK (type IN ('topup', 'subscription')),
  package_type text,
  credits integer NOT NULL DEFAULT 0,
  -- in minor units (cents) of `currency`
  amount integer NOT NULL CHECK (amount >= 0),
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'requires_payment_method', 'requires_action', 'completed', 'failed', 'canceled')),
  provider text NOT NULL CHECK (provider IN ('stripe', 'demo')),
  provider_payment_id text NOT NULL UNIQUE,
  failure_message text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_user ON payments (user_id, created_at DESC);

-- The demo card processor's own payment intents (it stands in for Stripe without a network).
CREATE TABLE demo_payment_intents (
  id text PRIMARY KEY,
  client_secret text NOT NULL,
  amount integer NOT NULL,
  currency text NOT NULL,
  status text NOT NULL CHECK (status IN ('requires_payment_method', 'requires_action', 'processing', 'succeeded', 'canceled')),
  last_error text,
  metadata jsonb NOT NULL DEFAULT '{}',
  idempotency_key text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

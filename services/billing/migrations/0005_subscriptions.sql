-- Subscriptions to paid plans. At most one active subscription per user; the level of the
-- active one is the user's membership level (credit_accounts.level), free without one.
CREATE TABLE subscriptions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES credit_accounts (user_id),
  plan_id text NOT NULL REFERENCES subscription_plans (id),
  level text NOT NULL,
  billing_cycle text NOT NULL CHECK (billing_cycle IN ('monthly', 'yearly')),
  status text NOT NULL CHECK (status IN ('active', 'canceled', 'expired')),
  current_period_end timestamptz NOT NULL,
  auto_renewal boolean NOT NULL DEFAULT true,
  cancel_at_period_end boolean NOT NULL DEFAULT false,
  provider text NOT NULL CHECK (provider IN ('stripe', 'demo')),
  provider_subscription_id text UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX subscriptions_one_active ON subscriptions (user_id) WHERE status = 'active';

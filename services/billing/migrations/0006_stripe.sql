-- Stripe: a customer per user, a product per plan, and the webhook events already handled.

-- A subscription whose first payment waits for the card's authentication (3-D Secure) is
-- `incomplete` until that payment succeeds; it gives no level until then.
ALTER TABLE subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscriptions ADD CONSTRAINT subscriptions_status_check CHECK (status IN ('incomplete', 'active', 'canceled', 'expired'));
-- The processor's payment (intent or invoice) an incomplete subscription waits for.
ALTER TABLE subscriptions ADD COLUMN pending_payment_id text;
CREATE INDEX subscriptions_pending_payment ON subscriptions (pending_payment_id) WHERE pending_payment_id IS NOT NULL;
-- The expiry sweep looks for active subscriptions past their end.
CREATE INDEX subscriptions_active_end ON subscriptions (current_period_end) WHERE status = 'active';

-- One Stripe customer per user, created on the first subscription.
CREATE TABLE stripe_customers (
  user_id uuid PRIMARY KEY REFERENCES credit_accounts (user_id),
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- One Stripe product per plan; each subscription carries its price (from the plan row).
CREATE TABLE stripe_products (
  plan_id text PRIMARY KEY REFERENCES subscription_plans (id),
  product_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Stripe webhook events: claimed by one delivery at a time (`processing`), `done` once handled.
-- A delivery that failed, or that has been `processing` for too long (its process died),
-- may be claimed again by Stripe's next retry.
CREATE TABLE stripe_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  status text NOT NULL CHECK (status IN ('processing', 'done', 'failed')),
  attempts integer NOT NULL DEFAULT 1,
  claimed_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  last_error text
);

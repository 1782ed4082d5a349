-- One credit account per user, opened when billing hears `user.registered`.
-- (The append-only ledger and daily refill arrive with the credits feature.)
CREATE TABLE credit_accounts (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  level text NOT NULL DEFAULT 'free' CHECK (level IN ('free', 'vip', 'premium')),
  paid_credits integer NOT NULL DEFAULT 0 CHECK (paid_credits >= 0),
  daily_credits integer NOT NULL DEFAULT 0 CHECK (daily_credits >= 0),
  opened_at timestamptz NOT NULL DEFAULT now()
);

-- Users and their credentials. The e-mail is unique ignoring case and surrounding spaces:
-- `email` keeps what the user typed (trimmed), `email_key` is the lower-case key.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  email_key text NOT NULL UNIQUE,
  password_hash text,
  first_name text NOT NULL,
  last_name text NOT NULL,
  phone text,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'admin')),
  level text NOT NULL DEFAULT 'free' CHECK (level IN ('free', 'vip', 'premium')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

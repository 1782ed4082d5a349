-- The user directory: who a user id is (e-mail and name), so the admin payments list can name
-- the payer. Billing does not own users: the directory is filled from auth's events
-- (`user.registered` sets it; `user.updated` names changed fields without their new values,
-- so the directory records that its name may be out of date — see src/directory/).
CREATE TABLE user_directory (
  user_id uuid PRIMARY KEY,
  -- NULL only while a user.updated has arrived before its user.registered
  email text,
  first_name text,
  last_name text,
  registered_at timestamptz,
  -- when auth last reported a change of the name; NULL: the name is as registered
  name_changed_at timestamptz
);

-- Accounts opened before the directory carry the registration's e-mail and name.
INSERT INTO user_directory (user_id, email, first_name, last_name, registered_at)
SELECT user_id, email, first_name, last_name, opened_at FROM credit_accounts
ON CONFLICT (user_id) DO NOTHING;

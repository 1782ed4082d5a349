-- The Google account (OpenID Connect `sub`) linked to a user, if any.
ALTER TABLE users ADD COLUMN google_sub text UNIQUE;

-- A member's credit account is opened by whichever comes first: auth's `user.registered` or the
-- member's first authenticated call (docs/decisions/0068). The call's token names the user but
-- not their e-mail or name, so those are empty until the event fills them in.
ALTER TABLE credit_accounts ALTER COLUMN email DROP NOT NULL;
ALTER TABLE credit_accounts ALTER COLUMN first_name DROP NOT NULL;
ALTER TABLE credit_accounts ALTER COLUMN last_name DROP NOT NULL;

-- Why an admin adjusted a balance (the credit account's `adjust`), kept with the entry.
ALTER TABLE credit_ledger ADD COLUMN note text;

-- Why a balance was set by hand: an admin's adjustment carries the admin (reference admin:<id>)
-- and the reason they gave, shown in the member's credit history.
ALTER TABLE credit_ledger ADD COLUMN reason text;

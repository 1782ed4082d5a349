-- The name of the package (or plan) as it was when the payment was made, so a payment keeps
-- its name after an admin renames or deletes the package. Payments from before this column
-- take the name their package or plan has now; those whose package is already gone keep
-- none, and the lists show their type instead.
ALTER TABLE payments ADD COLUMN package_name text;

UPDATE payments p SET package_name = c.name
FROM credit_packages c
WHERE p.type = 'topup' AND p.package_type = c.type AND p.package_name IS NULL;

UPDATE payments p SET package_name = s.name
FROM subscription_plans s
WHERE p.type = 'subscription' AND p.package_type = s.id AND p.package_name IS NULL;

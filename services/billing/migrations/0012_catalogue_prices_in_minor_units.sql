-- Catalogue prices in integer minor units (cents) of their currency, like payments. The
-- decimal columns remain, computed from the minor units, for readers that still use them
-- (paying for a package or a plan); only the *_minor columns are written.
ALTER TABLE credit_packages ADD COLUMN price_minor integer;
UPDATE credit_packages SET price_minor = round(price * 100);
ALTER TABLE credit_packages ALTER COLUMN price_minor SET NOT NULL;
ALTER TABLE credit_packages ADD CONSTRAINT credit_packages_price_minor_check CHECK (price_minor >= 1);
ALTER TABLE credit_packages DROP COLUMN price;
ALTER TABLE credit_packages ADD COLUMN price numeric(12, 2) GENERATED ALWAYS AS (price_minor::numeric / 100) STORED;

ALTER TABLE subscription_plans ADD COLUMN monthly_price_minor integer CHECK (monthly_price_minor >= 0);
ALTER TABLE subscription_plans ADD COLUMN yearly_price_minor integer CHECK (yearly_price_minor >= 0);
UPDATE subscription_plans SET monthly_price_minor = round(monthly_price * 100), yearly_price_minor = round(yearly_price * 100);
ALTER TABLE subscription_plans DROP COLUMN monthly_price;
ALTER TABLE subscription_plans DROP COLUMN yearly_price;
ALTER TABLE subscription_plans ADD COLUMN monthly_price numeric(12, 2) GENERATED ALWAYS AS (monthly_price_minor::numeric / 100) STORED;
ALTER TABLE subscription_plans ADD COLUMN yearly_price numeric(12, 2) GENERATED ALWAYS AS (yearly_price_minor::numeric / 100) STORED;

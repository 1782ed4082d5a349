-- Catalogue prices are read and written in minor units only (0012): the decimal columns that
-- 0012 kept, computed from the minor units, have no reader left.
ALTER TABLE credit_packages DROP COLUMN price;
ALTER TABLE subscription_plans DROP COLUMN monthly_price;
ALTER TABLE subscription_plans DROP COLUMN yearly_price;

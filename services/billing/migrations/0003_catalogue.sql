-- The catalogue: membership levels (daily credits), credit packages and subscription plans.
-- Seeded with the starting catalogue; admins edit it later. Every price carries its currency.
CREATE TABLE user_levels (
  level_type text PRIMARY KEY,
  name text NOT NULL,
  daily_credits integer NOT NULL CHECK (daily_credits >= 0),
  features jsonb NOT NULL DEFAULT '[]',
  description text NOT NULL DEFAULT '',
  -- free and vip cannot be deleted
  built_in boolean NOT NULL DEFAULT false
);

CREATE TABLE credit_packages (
  type text PRIMARY KEY,
  name text NOT NULL,
  credits integer NOT NULL CHECK (credits >= 1),
  price numeric(12, 2) NOT NULL CHECK (price >= 0.01),
  currency text NOT NULL DEFAULT 'HKD',
  popular boolean NOT NULL DEFAULT false
);

CREATE TABLE subscription_plans (
  id text PRIMARY KEY,
  name text NOT NULL,
  level_type text NOT NULL REFERENCES user_levels (level_type),
  features jsonb NOT NULL DEFAULT '[]',
  monthly_price numeric(12, 2) CHECK (monthly_price >= 0),
  yearly_price numeric(12, 2) CHECK (yearly_price >= 0),
  currency text NOT NULL DEFAULT 'HKD'
);

INSERT INTO user_levels (level_type, name, daily_credits, features, description, built_in) VALUES
  ('free', '免費會員', 3, '["每日 3 點免費分析點數", "港股及美股基本分析", "相關投資教育文章"]', '適合初次體驗的投資者', true),
  ('vip', 'VIP 會員', 10, '["每日 10 點分析點數", "完整估值模型及業務分析", "個人化投資建議", "分析歷史記錄"]', '適合定期分析的投資者', true),
  ('premium', '高級會員', 30, '["每日 30 點分析點數", "VIP 會員全部功能", "優先處理分析請求", "專屬客戶支援"]', '適合活躍投資者及專業用戶', false);

INSERT INTO credit_packages (type, name, credits, price, currency, popular) VALUES
  ('basic', '基本套餐', 10, 78.00, 'HKD', false),
  ('standard', '標準套餐', 50, 328.00, 'HKD', true),
  ('premium', '進階套餐', 120, 688.00, 'HKD', false),
  ('enterprise', '企業套餐', 500, 2388.00, 'HKD', false);

-- Yearly = 10 × monthly (two months free).
INSERT INTO subscription_plans (id, name, level_type, features, monthly_price, yearly_price, currency) VALUES
  ('free', '免費方案', 'free', '["每日 3 點免費分析點數", "港股及美股基本分析"]', 0, 0, 'HKD'),
  ('vip', 'VIP 方案', 'vip', '["每日 10 點分析點數", "完整估值模型及業務分析", "個人化投資建議", "分析歷史記錄"]', 98.00, 980.00, 'HKD'),
  ('premium', '高級方案', 'premium', '["每日 30 點分析點數", "VIP 方案全部功能", "優先處理分析請求", "專屬客戶支援"]', 238.00, 2380.00, 'HKD');

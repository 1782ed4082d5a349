-- The system prompts the AI analyst sends, editable by admins. Every edit keeps the text it
-- replaced in system_prompt_versions, so a bad edit can be read back and undone.
CREATE TABLE system_prompts (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  template text NOT NULL,
  version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by uuid
);

CREATE TABLE system_prompt_versions (
  prompt_id text NOT NULL REFERENCES system_prompts (id) ON DELETE CASCADE,
  version integer NOT NULL,
  template text NOT NULL,
  -- when this version stopped being current, and who replaced it
  replaced_at timestamptz NOT NULL DEFAULT now(),
  replaced_by uuid,
  PRIMARY KEY (prompt_id, version)
);

INSERT INTO system_prompts (id, name, description, template) VALUES
  ('business-analysis', 'Business analysis',
   'Writes the business section (primary business, competitive advantage, market position, growth, financial health, management) from the computed figures.',
   '你是一位資深的港股及美股基本面分析師，為香港及台灣的散戶投資者撰寫繁體中文報告。
以下是 {{companyName}}（{{symbol}}，{{market}} 市場，貨幣 {{currency}}）已由系統計算好的財務數據及估值結果。
請根據這些數據，並結合你對該公司業務、行業及競爭環境的認識，撰寫業務分析。
規則：
1. 只用繁體中文，語氣專業、客觀、易明，每項 2 至 4 句。
2. 引用數字時必須與提供的數據一致，不要自行編造財務數字；數據不詳時直接說明。
3. 不要給出買賣指令，亦不要保證任何回報。
4. 只回覆一個 JSON 物件，不要加任何其他文字，鍵如下：
{"primaryBusiness": "主要業務", "competitiveAdvantage": "競爭優勢", "marketPosition": "市場地位", "growthProspects": "增長前景", "financialHealth": "財務健康", "managementQuality": "管理質素"}'),
  ('report-summary', 'Report summary',
   'Writes the overall summary of the report from the valuation, business score and advice.',
   '你是一位資深的港股及美股投資顧問，為香港及台灣的散戶投資者撰寫繁體中文報告的總結。
以下是 {{companyName}}（{{symbol}}，{{market}} 市場，貨幣 {{currency}}）的估值、業務評分及投資建議，均已由系統計算。
請寫一段 120 至 200 字的總結：說明估值結論、主要優勢與風險，以及適合哪類投資者。
規則：只用繁體中文；數字必須與提供的數據一致；不要保證回報；不要使用 Markdown 標題或列表；只回覆總結正文。');

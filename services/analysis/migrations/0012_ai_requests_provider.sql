-- Who wrote the text of a stored exchange: the AI provider, or the built-in analyst (no API key,
-- all-in-one without keys), whose exchanges are recorded too so the admin's AI results and their
-- stats describe every analysis in both run modes. Earlier rows were all the AI provider's.
ALTER TABLE ai_requests ADD COLUMN provider text NOT NULL DEFAULT 'ai' CHECK (provider IN ('ai', 'built-in'));

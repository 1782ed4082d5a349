-- Every request to the external AI (chat) provider, for the admin area's "AI results":
-- what was asked, what came back, the tokens it cost and the whole conversation. A failed
-- request is kept too (response null, error set), so the admin sees the provider's outages.
CREATE TABLE ai_requests (
  id uuid PRIMARY KEY,
  analysis_id uuid NOT NULL,
  user_id uuid NOT NULL,
  symbol text NOT NULL,
  market text NOT NULL,
  currency text NOT NULL,
  -- which part of the report it wrote: business, summary (or test for the admin's test-save)
  purpose text NOT NULL,
  model text NOT NULL,
  request_date timestamptz NOT NULL DEFAULT now(),
  prompt text NOT NULL,
  response text,
  error text,
  -- { prompt_tokens, completion_tokens, total_tokens } as the provider reported them
  token_usage jsonb,
  -- the messages sent and received: [{ role: system | user | assistant, content }]
  full_conversation jsonb NOT NULL,
  duration_ms integer NOT NULL DEFAULT 0
);

CREATE INDEX ai_requests_request_date ON ai_requests (request_date DESC);
CREATE INDEX ai_requests_analysis ON ai_requests (analysis_id);

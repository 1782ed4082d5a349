-- The investor profile: the answers of the preference wizard and the risk questionnaire
-- (`fields`, JSON, validated by the service) and the risk result computed from them.
CREATE TABLE profiles (
  user_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  fields jsonb NOT NULL DEFAULT '{}',
  risk_profile text CHECK (risk_profile IN ('conservative', 'stable', 'growth', 'aggressive')),
  risk_score integer CHECK (risk_score BETWEEN 0 AND 21),
  risk_description text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

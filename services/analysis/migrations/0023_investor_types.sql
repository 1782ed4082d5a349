-- Each user's investor type (the risk profile of their stored questionnaire), as auth announces it
-- in `user.updated`. A start without a usable userProfile highlights this type in the report.
-- updated_at is when auth made the change (the event's occurredAt), so an older event delivered
-- late does not overwrite a newer one; a cleared type stays as a null row for the same reason.
CREATE TABLE investor_types (
  user_id uuid PRIMARY KEY,
  investor_type text CHECK (investor_type IN ('conservative', 'stable', 'growth', 'aggressive')),
  updated_at timestamptz NOT NULL
);

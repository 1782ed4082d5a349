-- Each Idempotency-Key a member sent to a paying route (top-up, payment intent, subscribe),
-- bound to a digest of the request's body: the same key with another body is refused (422)
-- instead of being answered as, or acting like, the first request (issue 17).
CREATE TABLE request_keys (
  user_id uuid NOT NULL,
  route text NOT NULL,
  idempotency_key text NOT NULL,
  body_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, route, idempotency_key)
);

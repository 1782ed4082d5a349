-- A subscription that ended here (cancelled by its member or an admin, replaced by a newer one,
-- expired) may still run at its card processor, which would go on charging: it is marked in the
-- same transaction that ends it, and stays marked until the processor confirms it has ended
-- (retried by the expiry sweep when the processor does not answer).
ALTER TABLE subscriptions ADD COLUMN processor_cancel_due boolean NOT NULL DEFAULT false;
CREATE INDEX subscriptions_processor_cancel_due ON subscriptions (user_id) WHERE processor_cancel_due;

-- One subscribe request per member at a time: it is claimed under the member's account lock
-- before the card processor is called, so two parallel requests cannot both charge. A claim
-- older than a few minutes belongs to a request that died and may be taken over.
CREATE TABLE subscribe_attempts (
  user_id uuid PRIMARY KEY REFERENCES credit_accounts (user_id),
  plan_id text NOT NULL,
  billing_cycle text NOT NULL,
  started_at timestamptz NOT NULL DEFAULT now()
);

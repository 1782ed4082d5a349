-- Refunds and disputes of card payments (src/payments/reversals.ts). A payment keeps what
-- Stripe has refunded of it so far (cumulative, minor units of its currency) and, for a
-- package, the credits due back: `credits_refunded` for the refunds (floor of credits ×
-- refunded / amount), `credits_disputed` for an open or lost dispute (all not yet refunded).
-- `credits_shortfall` of those could not be taken because the member had already spent them;
-- an admin sees it in the payments list. `refunded` is a payment refunded in full (a partial
-- refund stays `completed`); `disputed` one whose cardholder's bank took the money back,
-- pending the dispute or for good.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('processing', 'requires_payment_method', 'requires_action', 'completed', 'failed', 'canceled', 'abandoned', 'refunded', 'disputed'));
ALTER TABLE payments ADD COLUMN amount_refunded integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN credits_refunded integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN credits_disputed integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN credits_shortfall integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD CONSTRAINT payments_reversal_check CHECK (
  amount_refunded BETWEEN 0 AND amount
  AND credits_refunded >= 0 AND credits_disputed >= 0 AND credits_refunded + credits_disputed <= credits
  AND credits_shortfall BETWEEN 0 AND credits_refunded + credits_disputed
);

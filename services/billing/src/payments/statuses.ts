/**
 * Payment intents no card was ever submitted for. The web app creates the intent as soon as a
 * package is picked (the card form needs its client secret before the pay button works), so a
 * user who looks and leaves leaves one behind: `requires_payment_method` while it is open,
 * `abandoned` once the sweep cancelled it a day later (abandoned.ts). That is not a payment the
 * user made: the user's list leaves it out, the admin list shows it only when asked for by its
 * shown status `abandoned`, and the payment stats do not count it as a transaction. Submitting
 * a card moves the intent on (the demo processor's `demo/pay`, Stripe.js's confirm): a declined
 * card is stored as failed (the processor's `lastError` is set), never as either of these.
 */
export const UNSUBMITTED_STATUSES = ['requires_payment_method', 'abandoned'];
export const ABANDONED = 'abandoned';

/**
 * Payments that were paid: completed, then perhaps refunded in full or disputed
 * (reversals.ts). Nothing the processor reports about the payment intent moves them back.
 */
export const SETTLED_STATUSES = ['completed', 'refunded', 'disputed'];

/** The payment statuses the payments lists name; every other (still open at the processor) shows as processing. */
export const SHOWN_STATUSES = ['completed', 'failed', 'canceled', 'requires_action', 'refunded', 'disputed'];

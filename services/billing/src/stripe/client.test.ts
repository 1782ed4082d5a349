import Stripe from 'stripe';
import { atStripe, isCardError } from './client';

const raw = { message: 'from Stripe', type: 'api_error' } as const;

describe("Stripe's refusals", () => {
  it('answers Stripe not answering with a 503 to try again', async () => {
    for (const err of [new Stripe.errors.StripeConnectionError(raw), new Stripe.errors.StripeRateLimitError(raw)]) {
      await expect(atStripe(() => Promise.reject(err))).rejects.toMatchObject({ status: 503, code: 'PROCESSOR_UNAVAILABLE' });
    }
  });

  it("answers a request Stripe finds invalid with a 400 carrying Stripe's reason, and a reused key with a 409", async () => {
    const invalid = new Stripe.errors.StripeInvalidRequestError({ ...raw, message: 'Amount must be at least 4.00 hkd' });
    await expect(atStripe(() => Promise.reject(invalid))).rejects.toMatchObject({
      status: 400,
      message: 'The card processor refused the request: Amount must be at least 4.00 hkd',
    });
    await expect(atStripe(() => Promise.reject(new Stripe.errors.StripeIdempotencyError(raw)))).rejects.toMatchObject({
      status: 409,
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
  });

  it('passes card errors and anything else through unchanged', async () => {
    const declined = new Stripe.errors.StripeCardError({ ...raw, type: 'card_error', message: 'Your card was declined.' });
    await expect(atStripe(() => Promise.reject(declined))).rejects.toBe(declined);
    expect(isCardError(declined)).toBe(true);
    const bug = new TypeError('ours');
    await expect(atStripe(() => Promise.reject(bug))).rejects.toBe(bug);
    await expect(atStripe(async () => 'ok')).resolves.toBe('ok');
  });
});

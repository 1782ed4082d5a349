import type Stripe from 'stripe';
import { startStripeBilling, type StripeBilling } from '../../support/stripe-billing';

/**
 * The user's payments list with payments Stripe left open or canceled: the real SDK against the
 * local Stripe stand-in, real PostgreSQL and RabbitMQ.
 */
describe('the payments list with Stripe', () => {
  let setup: StripeBilling;

  beforeAll(async () => {
    setup = await startStripeBilling();
  });

  afterAll(async () => {
    await setup?.close();
  });

  it('lists a payment waiting for card authentication as requires_action, and as canceled once Stripe canceled it', async () => {
    const { call } = await setup.register('list');
    const { paymentIntentId } = (await call('POST', '/api/payments/create-payment-intent', { packageType: 'basic' })).body as {
      paymentIntentId: string;
    };
    // What Stripe.js does in the browser with a 3184 card: the bank asks for authentication.
    expect((await setup.client.paymentIntents.confirm(paymentIntentId, { payment_method: 'pm_card_authenticationRequired' })).status).toBe(
      'requires_action',
    );
    expect((await call('POST', '/api/payments/confirm-payment', { paymentIntentId })).body).toMatchObject({
      success: false,
      status: 'requires_action',
    });
    const statusListed = async () =>
      ((await call('GET', '/api/users/payments')).body as { payments: Array<{ providerPaymentId: string; status: string }> }).payments.map(
        (p) => [p.providerPaymentId, p.status],
      );
    expect(await statusListed()).toEqual([[paymentIntentId, 'requires_action']]);

    // Never authenticated, the intent is canceled at Stripe (from its dashboard, or by the merchant's own clean-up).
    expect((await setup.client.paymentIntents.cancel(paymentIntentId)).status).toBe('canceled');
    // Stripe tells billing by webhook: nobody needs to call confirm-payment again.
    const [canceled] = setup.stripeApi.eventsFor('payment_intent.canceled', paymentIntentId);
    expect((await setup.stripeApi.deliver(setup.webhookUrl, canceled as Stripe.Event)).status).toBe(200);
    expect(await statusListed()).toEqual([[paymentIntentId, 'canceled']]);
    expect((await call('POST', '/api/payments/confirm-payment', { paymentIntentId })).body).toMatchObject({
      success: false,
      status: 'canceled',
    });
    expect((await call('GET', '/api/users/credits')).body).toMatchObject({ paidCredits: 0 });
  });
});

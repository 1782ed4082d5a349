import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import type { Database } from '@stockai/platform';
import { creditsService } from '../credits/service';
import { demoProcessor } from '../payments/processor';
import { paymentReversals } from '../payments/reversals';
import { paymentsService } from '../payments/service';
import { stripeClient } from '../stripe/client';
import { stripeReversals } from '../stripe/reversals';
import { stripeSubscriptions } from '../subscriptions/stripe';
import { billingTestDatabase, openTestAccount } from '../testing/database';
import { stripeWebhooks } from './service';

/**
 * Webhook events handled once per event id, on real PostgreSQL. The payment events here are
 * settled through the demo processor's intents (the same PaymentProcessor interface as
 * Stripe's); Stripe itself is never reached by these event types.
 */
describe('stripeWebhooks', () => {
  let db: Database;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ db, drop } = await billingTestDatabase());
  });
  afterAll(() => drop());

  function build() {
    const credits = creditsService(db);
    const demo = demoProcessor(db);
    const payments = paymentsService({ db, processor: demo, credits, afterCommit: () => undefined });
    const stripe = stripeClient({
      secretKey: 'sk_test_unused',
      webhookSecret: 'whsec_unused',
      publishableKey: 'pk',
      apiBase: 'http://127.0.0.1:9',
    });
    const subscriptions = stripeSubscriptions({
      db,
      stripe,
      inTransaction: credits.userTransaction,
      now: () => new Date(),
      log: () => undefined,
    });
    const reversals = stripeReversals({ stripe, payments, reversals: paymentReversals({ db, credits, afterCommit: () => undefined }) });
    return { sut: stripeWebhooks({ db, payments, subscriptions, reversals }), demo, credits };
  }

  const intentEvent = (intentId: string, id = `evt_${randomUUID()}`) =>
    ({ id, type: 'payment_intent.succeeded', data: { object: { id: intentId } } }) as unknown as Stripe.Event;

  it('grants a paid package once, however often its event is delivered', async () => {
    const { sut, demo, credits } = build();
    const userId = await openTestAccount(db);
    const intent = await demo.createIntent({
      amount: 7800,
      currency: 'hkd',
      metadata: { userId, packageType: 'basic', credits: '10' },
      idempotencyKey: randomUUID(),
    });
    await demo.payCard(intent.id, intent.clientSecret, '4242424242424242');
    const event = intentEvent(intent.id);
    expect(await sut.receive(event)).toEqual({ received: true, handled: true });
    expect(await sut.receive(event)).toEqual({ received: true, handled: true, duplicate: true });
    // Another event about the same intent is handled, and grants nothing more.
    await sut.receive(intentEvent(intent.id));
    expect((await credits.balance(userId)).paidCredits).toBe(10);
  });

  it('records a failed handling so that the next delivery tries again', async () => {
    const { sut } = build();
    const event = intentEvent(`pi_demo_${randomUUID()}`);
    await expect(sut.receive(event)).rejects.toMatchObject({ code: 'PAYMENT_INTENT_NOT_FOUND' });
    const { rows } = await db.query<{ status: string; last_error: string }>(
      'SELECT status, last_error FROM stripe_webhook_events WHERE event_id = $1',
      [event.id],
    );
    expect(rows).toEqual([{ status: 'failed', last_error: 'No such payment intent' }]);
    await expect(sut.receive(event)).rejects.toMatchObject({ code: 'PAYMENT_INTENT_NOT_FOUND' });
  });

  it('acknowledges event types it does not handle, recording nothing', async () => {
    const { sut } = build();
    const event = { id: `evt_${randomUUID()}`, type: 'customer.created', data: { object: {} } } as unknown as Stripe.Event;
    expect(await sut.receive(event)).toEqual({ received: true, handled: false });
    expect((await db.query('SELECT 1 FROM stripe_webhook_events WHERE event_id = $1', [event.id])).rowCount).toBe(0);
  });
});

import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type Stripe from 'stripe';
import { newEvent, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { billingService } from '../../../services/billing/src/app';
import { ledgerRepo } from '../../../services/billing/src/credits/repo';
import { type StripeBilling, startStripeBilling } from '../../support/stripe-billing';
import type { StripeStandIn } from '../../support/stripe-stand-in';

/**
 * Credit packages paid through Stripe: the real SDK against the local Stripe stand-in, signed
 * webhooks, real PostgreSQL and RabbitMQ. Confirmations, webhooks and their replays grant once.
 */
describe('credit packages through Stripe', () => {
  let setup: StripeBilling;
  let stripeApi: StripeStandIn;
  let billing: TestService;
  /** What Stripe.js does in the browser with the client secret: confirm the intent with a card. */
  let browser: Stripe;
  let webhookUrl: string;
  let keys: StripeBilling['keys'];

  beforeAll(async () => {
    setup = await startStripeBilling();
    ({ stripeApi, billing, webhookUrl, client: browser, keys } = setup);
  });

  afterAll(async () => {
    await setup?.close();
  });

  async function customer() {
    const { userId, call } = await setup.register('buyer');
    const buy = async (packageType: string, extra: Record<string, unknown> = {}) =>
      (await call('POST', '/api/payments/create-payment-intent', { packageType, ...extra })).body as {
        paymentIntentId: string;
        clientSecret: string;
        amount: number;
        currency: string;
      };
    const confirm = (paymentIntentId: string) => call('POST', '/api/payments/confirm-payment', { paymentIntentId });
    const paid = async () => ((await call('GET', '/api/users/credits')).body as { paidCredits: number }).paidCredits;
    const payments = async () => ((await call('GET', '/api/users/payments')).body as { payments: Array<Record<string, unknown>> }).payments;
    return { userId, call, buy, confirm, paid, payments };
  }

  const eventOf = (type: string, intentId: string) => {
    const [event] = stripeApi.eventsFor(type, intentId);
    if (!event) throw new Error(`no ${type} for ${intentId}`);
    return event;
  };
  const grantsOf = async (intentId: string) =>
    Number(
      (await billing.db.query<{ n: string }>('SELECT count(*) AS n FROM credit_ledger WHERE idempotency_key = $1', [`payment:${intentId}`]))
        .rows[0]?.n,
    );
  const outboxCount = async (type: string, userId: string) =>
    Number(
      (
        await billing.db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE type = $1 AND payload->'data'->>'userId' = $2", [
          type,
          userId,
        ])
      ).rows[0]?.n,
    );

  it("tells the web app to show Stripe's card form, with the publishable key", async () => {
    const res = await fetch(`${billing.url}/api/payments/config`);
    expect(await res.json()).toEqual({ processor: 'stripe', publishableKey: stripeApi.publishableKey });
  });

  it("creates the intent at Stripe with the package row's price, an idempotency key and the buyer in its metadata", async () => {
    const { userId, buy } = await customer();
    const intent = await buy('standard', { amount: 1 });
    expect(intent).toMatchObject({ amount: 328, currency: 'HKD' });
    const sent = stripeApi.requests.find(
      (r) => r.method === 'POST' && r.path === '/v1/payment_intents' && (r.form.metadata as Record<string, string>).userId === userId,
    );
    expect(sent?.form).toMatchObject({ amount: '32800', currency: 'hkd', metadata: { userId, packageType: 'standard', credits: '50' } });
    expect(sent?.idempotencyKey).toMatch(new RegExp(`^create-intent:${userId}:`));
    expect(intent.clientSecret.startsWith(`${intent.paymentIntentId}_secret_`)).toBe(true);
  });

  it('grants once when the same webhook is delivered 5 times, at once and again later', async () => {
    const { userId, buy, paid, payments } = await customer();
    const intent = await buy('standard');
    await browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
    const succeeded = eventOf('payment_intent.succeeded', intent.paymentIntentId);

    const together = await Promise.all(Array.from({ length: 5 }, () => stripeApi.deliver(webhookUrl, succeeded)));
    // A delivery that finds another one handling the event gets a 409, so Stripe tries it again later.
    expect(together.every((d) => d.status === 200 || d.status === 409)).toBe(true);
    expect(together.filter((d) => d.status === 200).length).toBeGreaterThanOrEqual(1);
    for (let i = 0; i < 5; i++) {
      expect(await stripeApi.deliver(webhookUrl, succeeded)).toEqual({
        status: 200,
        body: { received: true, handled: true, duplicate: true },
      });
    }

    expect(await paid()).toBe(50);
    expect(await grantsOf(intent.paymentIntentId)).toBe(1);
    expect(await outboxCount('payment.confirmed', userId)).toBe(1);
    expect(await payments()).toEqual([
      expect.objectContaining({
        type: 'topup',
        amount: 328,
        currency: 'HKD',
        status: 'completed',
        credits: 50,
        providerPaymentId: intent.paymentIntentId,
      }),
    ]);
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('grants once when confirm-payment races the webhook', async () => {
    const { userId, buy, confirm, paid } = await customer();
    const intent = await buy('basic');
    await browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
    const succeeded = eventOf('payment_intent.succeeded', intent.paymentIntentId);

    const [a, b, hook1, c, hook2] = await Promise.all([
      confirm(intent.paymentIntentId),
      confirm(intent.paymentIntentId),
      stripeApi.deliver(webhookUrl, succeeded),
      confirm(intent.paymentIntentId),
      stripeApi.deliver(webhookUrl, { ...succeeded, id: `evt_${randomUUID().replace(/-/g, '')}` }),
    ]);
    for (const r of [a, b, c]) expect(r).toMatchObject({ status: 200, body: { success: true, status: 'completed' } });
    expect([hook1.status, hook2.status]).toEqual([200, 200]);
    expect(await paid()).toBe(10);
    expect(await grantsOf(intent.paymentIntentId)).toBe(1);
    expect(await outboxCount('credit.granted', userId)).toBe(1);
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('records a declined card from the webhook, answers confirm with 402 and grants nothing', async () => {
    const { userId, buy, confirm, paid, payments } = await customer();
    const intent = await buy('basic');
    await expect(
      browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', code: 'card_declined' });
    const failed = eventOf('payment_intent.payment_failed', intent.paymentIntentId);
    expect((await stripeApi.deliver(webhookUrl, failed)).status).toBe(200);
    expect((await stripeApi.deliver(webhookUrl, failed)).status).toBe(200);
    expect(await confirm(intent.paymentIntentId)).toMatchObject({
      status: 402,
      body: { code: 'PAYMENT_FAILED', error: 'Your card was declined.' },
    });
    expect(await paid()).toBe(0);
    expect((await payments()).map((p) => p.status)).toEqual(['failed']);
    expect(await outboxCount('payment.failed', userId)).toBe(1);
  });

  it('waits for the card authentication (3184), then grants when Stripe says it succeeded', async () => {
    const { buy, confirm, paid } = await customer();
    const intent = await buy('basic');
    const pending = await browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_authenticationRequired' });
    expect(pending.status).toBe('requires_action');
    expect((await confirm(intent.paymentIntentId)).body).toMatchObject({ success: false, status: 'requires_action' });
    expect(await paid()).toBe(0);
    stripeApi.authenticate(intent.paymentIntentId);
    expect((await stripeApi.deliver(webhookUrl, eventOf('payment_intent.succeeded', intent.paymentIntentId))).status).toBe(200);
    expect(await paid()).toBe(10);
    expect((await confirm(intent.paymentIntentId)).body).toMatchObject({ success: true, status: 'completed' });
    expect(await paid()).toBe(10);
  });

  it("grants from the webhook alone, recording the payment from the intent's metadata if needed", async () => {
    const { userId, paid, payments } = await customer();
    // An intent billing has no record of (its create request died after Stripe answered).
    const intent = await browser.paymentIntents.create({
      amount: 7800,
      currency: 'hkd',
      metadata: { userId, packageType: 'basic', credits: '10' },
    });
    await browser.paymentIntents.confirm(intent.id, { payment_method: 'pm_card_visa' });
    expect((await stripeApi.deliver(webhookUrl, eventOf('payment_intent.succeeded', intent.id))).status).toBe(200);
    expect(await paid()).toBe(10);
    expect(await payments()).toEqual([
      expect.objectContaining({ amount: 78, currency: 'HKD', status: 'completed', providerPaymentId: intent.id }),
    ]);
  });

  it('refuses a bad or missing signature with 400 and acknowledges types it does not handle', async () => {
    const { buy, paid } = await customer();
    const intent = await buy('basic');
    await browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
    const succeeded = eventOf('payment_intent.succeeded', intent.paymentIntentId);

    const forged = await stripeApi.deliver(webhookUrl, succeeded, { secret: 'whsec_not_the_secret' });
    expect(forged).toMatchObject({ status: 400, body: { code: 'INVALID_SIGNATURE' } });
    const unsigned = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(succeeded),
    });
    expect(unsigned.status).toBe(400);
    expect(await paid()).toBe(0);

    const created = eventOf('payment_intent.created', intent.paymentIntentId);
    expect(await stripeApi.deliver(webhookUrl, created)).toEqual({ status: 200, body: { received: true, handled: false } });
  });

  it('answers 503 with a message to try again when Stripe does not answer', async () => {
    const closed = http.createServer().listen(0, '127.0.0.1');
    await new Promise((resolve) => closed.once('listening', resolve));
    const deadPort = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await startTestService(
      billingService({
        demoPayments: false,
        stripe: {
          secretKey: stripeApi.secretKey,
          webhookSecret: stripeApi.webhookSecret,
          publishableKey: stripeApi.publishableKey,
          apiBase: `http://127.0.0.1:${deadPort}`,
        },
      }),
      { keys },
    );
    try {
      const userId = randomUUID();
      await offline.bus.publish(
        newEvent('user.registered', {
          userId,
          email: `${uniqueName('offline')}@example.com`,
          firstName: 'A',
          lastName: 'B',
          registeredAt: new Date().toISOString(),
        }),
      );
      await waitFor(
        'the account',
        async () => (await offline.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [userId])).rowCount === 1,
      );
      const res = await fetch(`${offline.url}/api/payments/create-payment-intent`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${signAccessToken(keys.privateKey, { id: userId, role: 'user' }, 3600).token}`,
        },
        body: JSON.stringify({ packageType: 'basic' }),
      });
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({
        code: 'PROCESSOR_UNAVAILABLE',
        error: 'Card payments are unavailable right now; please try again in a moment',
      });
      expect((await offline.db.query('SELECT 1 FROM payments WHERE user_id = $1', [userId])).rowCount).toBe(0);
    } finally {
      await offline.close();
    }
  });

  it('takes over an event whose earlier delivery died while handling it, but not one being handled now', async () => {
    const { buy, paid } = await customer();
    const intent = await buy('basic');
    await browser.paymentIntents.confirm(intent.paymentIntentId, { payment_method: 'pm_card_visa' });
    const succeeded = eventOf('payment_intent.succeeded', intent.paymentIntentId);

    await billing.db.query("INSERT INTO stripe_webhook_events (event_id, type, status, claimed_at) VALUES ($1, $2, 'processing', now())", [
      succeeded.id,
      succeeded.type,
    ]);
    expect(await stripeApi.deliver(webhookUrl, succeeded)).toMatchObject({ status: 409, body: { code: 'EVENT_IN_PROGRESS' } });
    expect(await paid()).toBe(0);

    await billing.db.query("UPDATE stripe_webhook_events SET claimed_at = now() - interval '10 minutes' WHERE event_id = $1", [
      succeeded.id,
    ]);
    expect(await stripeApi.deliver(webhookUrl, succeeded)).toEqual({ status: 200, body: { received: true, handled: true } });
    expect(await paid()).toBe(10);
    const { rows } = await billing.db.query<{ status: string; attempts: number }>(
      'SELECT status, attempts FROM stripe_webhook_events WHERE event_id = $1',
      [succeeded.id],
    );
    expect(rows[0]).toEqual({ status: 'done', attempts: 2 });
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('answers what Stripe refuses with a 4xx that says why: a price below its minimum, an Idempotency-Key reused for another package', async () => {
    const { userId, call, payments } = await customer();
    // Saved before the admin API checked Stripe's minimum charge (HK$4.00).
    await billing.db.query(
      "INSERT INTO credit_packages (type, name, credits, price_minor, currency) VALUES ('penny', 'Penny', 1, 1, 'HKD') ON CONFLICT (type) DO NOTHING",
    );
    expect(await call('POST', '/api/payments/create-payment-intent', { packageType: 'penny' })).toMatchObject({
      status: 400,
      body: { code: 'PROCESSOR_INVALID_REQUEST', error: 'The card processor refused the request: Amount must be at least 4.00 hkd' },
    });

    const key = { 'idempotency-key': randomUUID() };
    expect((await call('POST', '/api/payments/create-payment-intent', { packageType: 'basic' }, key)).status).toBe(200);
    expect((await call('POST', '/api/payments/create-payment-intent', { packageType: 'basic' }, key)).status).toBe(200);
    expect(await call('POST', '/api/payments/create-payment-intent', { packageType: 'standard' }, key)).toMatchObject({
      status: 422,
      body: {
        code: 'IDEMPOTENCY_KEY_REUSED',
        error: 'This Idempotency-Key was already used for a payment of another package; send a new key for a new request',
      },
    });
    // One intent, and no payment to list: no card was submitted for it.
    expect(await payments()).toEqual([]);
    const { rows } = await billing.db.query<{ package_type: string; status: string }>(
      'SELECT package_type, status FROM payments WHERE user_id = $1',
      [userId],
    );
    expect(rows).toEqual([{ package_type: 'basic', status: 'requires_payment_method' }]);
  });
});

/** Package payment intents nobody paid for: the sweep cancels them at Stripe after a day. */
describe('abandoned package payments at Stripe', () => {
  let setup: StripeBilling;

  beforeAll(async () => {
    setup = await startStripeBilling({ expirySweepIntervalMs: 50 });
  });

  afterAll(async () => {
    await setup?.close();
  });

  it('cancels an intent left unpaid for a day as abandoned, and records one paid meanwhile as paid', async () => {
    const { billing, client: browser } = setup;
    const { call } = await setup.register('leaver');
    const buy = async (packageType: string) =>
      (await call('POST', '/api/payments/create-payment-intent', { packageType })).body as { paymentIntentId: string };
    const [left, paidLate, fresh] = [await buy('basic'), await buy('standard'), await buy('premium')];
    // Paid at Stripe, its webhook not delivered yet: the sweep's cancel is refused and the payment recorded as it stands.
    await browser.paymentIntents.confirm(paidLate.paymentIntentId, { payment_method: 'pm_card_visa' });
    await billing.db.query("UPDATE payments SET created_at = now() - interval '25 hours' WHERE provider_payment_id = ANY($1::text[])", [
      [left.paymentIntentId, paidLate.paymentIntentId],
    ]);
    const statusOf = async (id: string) =>
      (await billing.db.query<{ status: string }>('SELECT status FROM payments WHERE provider_payment_id = $1', [id])).rows[0]?.status;

    await waitFor(
      'the sweep',
      async () => (await statusOf(left.paymentIntentId)) === 'abandoned' && (await statusOf(paidLate.paymentIntentId)) === 'completed',
    );
    expect(await browser.paymentIntents.retrieve(left.paymentIntentId)).toMatchObject({
      status: 'canceled',
      cancellation_reason: 'abandoned',
    });
    expect(await browser.paymentIntents.retrieve(fresh.paymentIntentId)).toMatchObject({ status: 'requires_payment_method' });
    expect(await statusOf(fresh.paymentIntentId)).toBe('requires_payment_method');
    expect(((await call('GET', '/api/users/credits')).body as { paidCredits: number }).paidCredits).toBe(50);
    const { payments } = (await call('GET', '/api/users/payments')).body as {
      payments: Array<{ providerPaymentId: string; status: string }>;
    };
    expect(payments.map((p) => [p.providerPaymentId, p.status])).toEqual([[paidLate.paymentIntentId, 'completed']]);
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });
});

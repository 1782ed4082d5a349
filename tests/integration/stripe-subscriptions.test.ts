import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { generateRsaKeyPair, newEvent, signAccessToken } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { billingService } from '../../services/billing/src/app';
import { ledger } from '../../services/billing/src/credits/ledger';
import { type StripeStandIn, startStripeStandIn } from '../support/stripe-stand-in';

interface Current {
  hasSubscription: boolean;
  level: string;
  subscription: { planId: string; expiresAt: string; autoRenewal: boolean; cancelAtPeriodEnd: boolean } | null;
}

/**
 * Subscriptions through Stripe: the real SDK against the local Stripe stand-in, signed
 * webhooks delivered twice and out of order, real PostgreSQL and RabbitMQ.
 */
describe('subscriptions through Stripe', () => {
  const keys = generateRsaKeyPair();
  let stripeApi: StripeStandIn;
  let billing: TestService;
  /** Stripe's dashboard, for changes made there rather than through billing. */
  let dashboard: Stripe;
  let webhookUrl: string;

  beforeAll(async () => {
    stripeApi = await startStripeStandIn();
    billing = await startTestService(
      billingService({
        demoPayments: false,
        stripe: { secretKey: stripeApi.secretKey, webhookSecret: stripeApi.webhookSecret, publishableKey: stripeApi.publishableKey, apiBase: stripeApi.url },
      }),
      { keys },
    );
    webhookUrl = `${billing.url}/api/webhooks/stripe`;
    dashboard = new Stripe(stripeApi.secretKey, { host: '127.0.0.1', port: new URL(stripeApi.url).port, protocol: 'http', telemetry: false });
  });

  afterAll(async () => {
    await billing?.close();
    await stripeApi?.close();
  });

  async function member() {
    const userId = randomUUID();
    await billing.bus.publish(newEvent('user.registered', { userId, email: `${uniqueName('sub')}@example.com`, firstName: 'A', lastName: 'B', registeredAt: new Date().toISOString() }));
    await waitFor('the account', async () => (await billing.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [userId])).rowCount === 1);
    const bearer = signAccessToken(keys.privateKey, { id: userId, role: 'user' }, 3600).token;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(`${billing.url}${path}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    const current = async () => (await call('GET', '/api/subscriptions/current')).body as unknown as Current;
    const subscribe = (paymentMethodId: string, extra: Record<string, unknown> = {}) => call('POST', '/api/subscriptions/subscribe', { planId: 'vip', billingCycle: 'monthly', autoRenewal: true, paymentMethodId, ...extra });
    const payments = async () => ((await call('GET', '/api/users/payments')).body as { payments: Array<{ type: string; amount: number; currency: string; status: string; providerPaymentId: string }> }).payments;
    /** The user's subscription id at Stripe. */
    const stripeId = async () =>
      (await billing.db.query<{ id: string }>("SELECT provider_subscription_id AS id FROM subscriptions WHERE user_id = $1 AND provider = 'stripe' ORDER BY created_at DESC LIMIT 1", [userId])).rows[0]?.id as string;
    const outboxCount = async (type: string) =>
      Number((await billing.db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE type = $1 AND payload->'data'->>'userId' = $2", [type, userId])).rows[0]?.n);
    return { userId, call, current, subscribe, payments, stripeId, outboxCount };
  }

  const periodEndOf = (stripeId: string) => new Date((stripeApi.subscription(stripeId)?.items.data[0]?.current_period_end ?? 0) * 1000).toISOString();
  const deliverAll = async (events: Stripe.Event[]) => {
    for (const event of events) expect((await stripeApi.deliver(webhookUrl, event)).status).toBe(200);
  };
  const withNewId = (event: Stripe.Event): Stripe.Event => ({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}` });

  it('subscribes with a card that pays: a Stripe customer and subscription, the level at once, webhooks twice change nothing', async () => {
    const m = await member();
    const subscribed = await m.subscribe('pm_card_visa');
    expect(subscribed).toMatchObject({ status: 200, body: { success: true, status: 'active', hasSubscription: true, level: 'vip', subscription: { planId: 'vip', autoRenewal: true } } });
    const stripeId = await m.stripeId();
    expect(stripeApi.subscription(stripeId)).toMatchObject({ status: 'active', metadata: { userId: m.userId, planId: 'vip', billingCycle: 'monthly' } });
    expect(stripeApi.subscription(stripeId)?.items.data[0]?.price).toMatchObject({ unit_amount: 9800, currency: 'hkd', recurring: { interval: 'month' } });
    expect((subscribed.body.subscription as Current['subscription'])?.expiresAt).toBe(periodEndOf(stripeId));
    expect((await m.call('GET', '/api/users/credits')).body).toMatchObject({ dailyCredits: 10, maxDailyCredits: 10 });

    const sent = [...stripeApi.eventsFor('customer.subscription.created', stripeId), ...stripeApi.eventsFor('invoice.paid', stripeId), ...stripeApi.eventsFor('payment_intent.succeeded', stripeApi.subscription(stripeId)?.latest_invoice as string)];
    await deliverAll([...sent, ...sent]);
    expect(await m.payments()).toEqual([expect.objectContaining({ type: 'subscription', amount: 98, currency: 'HKD', status: 'completed' })]);
    expect(await m.outboxCount('subscription.started')).toBe(1);
    expect(await m.outboxCount('membership.changed')).toBe(1);
    expect(await m.outboxCount('payment.confirmed')).toBe(1);
    // A second subscribe for the same customer reuses the Stripe customer.
    expect((await billing.db.query('SELECT 1 FROM stripe_customers WHERE user_id = $1', [m.userId])).rowCount).toBe(1);
  });

  it('returns the client secret when the card needs authentication, and starts once Stripe says the invoice is paid', async () => {
    const m = await member();
    const pending = await m.subscribe('pm_card_authenticationRequired');
    expect(pending).toMatchObject({ status: 200, body: { success: false, status: 'requires_action', hasSubscription: false, level: 'free' } });
    const { clientSecret, paymentIntentId } = pending.body as { clientSecret: string; paymentIntentId: string };
    expect(clientSecret.startsWith(`${paymentIntentId}_secret_`)).toBe(true);
    expect(await m.current()).toMatchObject({ hasSubscription: false, level: 'free' });

    stripeApi.authenticate(paymentIntentId);
    const stripeId = await m.stripeId();
    const paid = stripeApi.eventsFor('invoice.paid', stripeId);
    await deliverAll([...paid, ...stripeApi.eventsFor('customer.subscription.updated', stripeId), ...paid]);
    expect(await m.current()).toMatchObject({ hasSubscription: true, level: 'vip', subscription: { expiresAt: periodEndOf(stripeId) } });
    expect(await m.outboxCount('subscription.started')).toBe(1);
    expect((await m.payments()).map((p) => p.status)).toEqual(['completed']);
  });

  it('refuses a declined card with 402, records the failed payment and leaves no subscription at Stripe', async () => {
    const m = await member();
    expect(await m.subscribe('pm_card_chargeDeclined')).toMatchObject({ status: 402, body: { code: 'CARD_DECLINED', error: 'Your card was declined.' } });
    expect(await m.current()).toMatchObject({ hasSubscription: false, level: 'free' });
    expect(stripeApi.subscription(await m.stripeId())?.status ?? 'none').not.toBe('incomplete');
    expect((await m.payments()).map((p) => p.status)).toEqual(['failed']);
    expect(await m.outboxCount('payment.failed')).toBe(1);
    expect((await m.call('POST', '/api/subscriptions/subscribe', { planId: 'vip' })).status).toBe(400);
  });

  it('extends once when the same renewal invoice comes under two event ids', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const stripeId = await m.stripeId();
    const firstEnd = periodEndOf(stripeId);
    const { invoiceId } = stripeApi.renew(stripeId);
    const renewedEnd = periodEndOf(stripeId);
    expect(renewedEnd > firstEnd).toBe(true);

    const [paid] = stripeApi.eventsFor('invoice.paid', invoiceId);
    const results = await Promise.all([stripeApi.deliver(webhookUrl, paid as Stripe.Event), stripeApi.deliver(webhookUrl, withNewId(paid as Stripe.Event))]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await m.current()).toMatchObject({ level: 'vip', subscription: { expiresAt: renewedEnd } });
    expect(await m.outboxCount('subscription.renewed')).toBe(1);
    expect((await m.payments()).filter((p) => p.providerPaymentId === invoiceId)).toEqual([expect.objectContaining({ status: 'completed', amount: 98 })]);
    expect(await m.payments()).toHaveLength(2);
  });

  it('ends in the right state when renewal events come in reverse order, and when an old update follows the deletion', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const stripeId = await m.stripeId();
    const created = stripeApi.eventsFor('customer.subscription.created', stripeId);
    stripeApi.renew(stripeId);
    const renewedEnd = periodEndOf(stripeId);
    // The renewal's update, then its invoice, then the subscription's very first event.
    await deliverAll([...stripeApi.eventsFor('customer.subscription.updated', stripeId), ...stripeApi.eventsFor('invoice.paid', stripeId).reverse(), ...created]);
    expect(await m.current()).toMatchObject({ hasSubscription: true, level: 'vip', subscription: { expiresAt: renewedEnd } });

    // Ended in Stripe's dashboard; the deletion arrives before the updates that preceded it.
    await dashboard.subscriptions.update(stripeId, { cancel_at_period_end: true });
    await dashboard.subscriptions.cancel(stripeId);
    const updates = stripeApi.eventsFor('customer.subscription.updated', stripeId);
    await deliverAll([...stripeApi.eventsFor('customer.subscription.deleted', stripeId), ...updates.reverse(), ...created, ...stripeApi.eventsFor('invoice.paid', stripeId)]);
    expect(await m.current()).toMatchObject({ hasSubscription: false, level: 'free', subscription: null });
    expect(await m.outboxCount('subscription.started')).toBe(1);
    expect(await m.outboxCount('membership.changed')).toBe(2);
    expect((await m.call('GET', '/api/users/credits')).body).toMatchObject({ maxDailyCredits: 3 });
    expect(await ledger.mismatches(billing.db)).toEqual([]);
  });

  it('keeps the level while Stripe retries a failed renewal, and drops to free when Stripe gives up', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const stripeId = await m.stripeId();
    const { invoiceId } = stripeApi.renew(stripeId, 'failed');
    const failed = stripeApi.eventsFor('invoice.payment_failed', invoiceId);
    await deliverAll([...failed, withNewId(failed[0] as Stripe.Event), ...stripeApi.eventsFor('customer.subscription.updated', stripeId)]);
    expect(await m.current()).toMatchObject({ hasSubscription: true, level: 'vip' });
    expect((await m.payments()).find((p) => p.providerPaymentId === invoiceId)).toMatchObject({ status: 'failed' });
    expect(await m.outboxCount('payment.failed')).toBe(1);

    await dashboard.subscriptions.cancel(stripeId);
    await deliverAll(stripeApi.eventsFor('customer.subscription.deleted', stripeId));
    expect(await m.current()).toMatchObject({ hasSubscription: false, level: 'free' });
  });

  it('cancels at period end and back through Stripe, and cancels at once', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const stripeId = await m.stripeId();

    const atEnd = await m.call('POST', '/api/subscriptions/cancel', { immediate: false });
    expect(atEnd.body).toMatchObject({ level: 'vip', subscription: { cancelAtPeriodEnd: true, autoRenewal: false } });
    expect(stripeApi.subscription(stripeId)?.cancel_at_period_end).toBe(true);
    await deliverAll(stripeApi.eventsFor('customer.subscription.updated', stripeId));
    expect(await m.outboxCount('subscription.canceled')).toBe(1);

    const renewing = await m.call('PUT', '/api/subscriptions/auto-renewal', { autoRenewal: true });
    expect(renewing.body).toMatchObject({ subscription: { cancelAtPeriodEnd: false, autoRenewal: true } });
    expect(stripeApi.subscription(stripeId)?.cancel_at_period_end).toBe(false);
    expect((await m.call('PUT', '/api/subscriptions/auto-renewal', { autoRenewal: false })).body).toMatchObject({ subscription: { autoRenewal: false } });
    expect(stripeApi.subscription(stripeId)?.cancel_at_period_end).toBe(true);
    await deliverAll(stripeApi.eventsFor('customer.subscription.updated', stripeId));

    const now = await m.call('POST', '/api/subscriptions/cancel', { immediate: true });
    expect(now.body).toMatchObject({ hasSubscription: false, level: 'free' });
    expect(stripeApi.subscription(stripeId)?.status).toBe('canceled');
    await deliverAll(stripeApi.eventsFor('customer.subscription.deleted', stripeId));
    expect(await m.outboxCount('membership.changed')).toBe(2);
    expect((await m.call('POST', '/api/subscriptions/cancel', {})).status).toBe(404);
  });

  it('switching plans ends the old Stripe subscription, and the free plan ends the paid one', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const vipId = await m.stripeId();
    expect((await m.subscribe('pm_card_visa', { planId: 'premium', billingCycle: 'yearly' })).body).toMatchObject({ level: 'premium', subscription: { planId: 'premium' } });
    const premiumId = await m.stripeId();
    expect(premiumId).not.toBe(vipId);
    expect(stripeApi.subscription(vipId)?.status).toBe('canceled');
    // The old subscription's deletion, when it arrives, leaves the new one alone.
    await deliverAll(stripeApi.eventsFor('customer.subscription.deleted', vipId));
    expect(await m.current()).toMatchObject({ level: 'premium' });

    expect((await m.call('POST', '/api/subscriptions/subscribe', { planId: 'free' })).body).toMatchObject({ hasSubscription: false, level: 'free' });
    expect(stripeApi.subscription(premiumId)?.status).toBe('canceled');
    expect(await ledger.mismatches(billing.db)).toEqual([]);
  });
});

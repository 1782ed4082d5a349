import { randomUUID } from 'node:crypto';
import type Stripe from 'stripe';
import { type TestService, waitFor } from '@stockai/platform/src/testing';
import { ledgerRepo } from '../../../services/billing/src/credits/repo';
import { type StripeBilling, startStripeBilling } from '../../support/stripe-billing';
import type { StripeStandIn } from '../../support/stripe-stand-in';

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
  let stripeApi: StripeStandIn;
  let billing: TestService;
  let setup: StripeBilling;
  /** Stripe's dashboard, for changes made there rather than through billing. */
  let dashboard: Stripe;
  let webhookUrl: string;
  /** Billing's clock: the real one unless a test moves it. */
  let clock: Date | undefined;

  beforeAll(async () => {
    setup = await startStripeBilling({ now: () => clock ?? new Date() });
    ({ stripeApi, billing, webhookUrl, client: dashboard } = setup);
  });

  afterEach(() => {
    clock = undefined;
  });

  afterAll(async () => {
    await setup?.close();
  });

  async function member() {
    const { userId, call, asAdmin } = await setup.register('sub');
    const current = async () => (await call('GET', '/api/subscriptions/current')).body as unknown as Current;
    const subscribe = (paymentMethodId: string, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
      call(
        'POST',
        '/api/subscriptions/subscribe',
        { planId: 'vip', billingCycle: 'monthly', autoRenewal: true, paymentMethodId, ...extra },
        headers,
      );
    const payments = async () =>
      (
        (await call('GET', '/api/users/payments')).body as {
          payments: Array<{ type: string; amount: number; currency: string; status: string; providerPaymentId: string }>;
        }
      ).payments;
    /** The user's subscription id at Stripe. */
    const stripeId = async () =>
      (
        await billing.db.query<{ id: string }>(
          "SELECT provider_subscription_id AS id FROM subscriptions WHERE user_id = $1 AND provider = 'stripe' ORDER BY created_at DESC LIMIT 1",
          [userId],
        )
      ).rows[0]?.id as string;
    const outboxCount = async (type: string) =>
      Number(
        (
          await billing.db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE type = $1 AND payload->'data'->>'userId' = $2", [
            type,
            userId,
          ])
        ).rows[0]?.n,
      );
    return { userId, call, asAdmin, current, subscribe, payments, stripeId, outboxCount };
  }

  const periodEndOf = (stripeId: string) =>
    new Date((stripeApi.subscription(stripeId)?.items.data[0]?.current_period_end ?? 0) * 1000).toISOString();
  const deliverAll = async (events: Stripe.Event[]) => {
    for (const event of events) expect((await stripeApi.deliver(webhookUrl, event)).status).toBe(200);
  };
  const withNewId = (event: Stripe.Event): Stripe.Event => ({ ...event, id: `evt_${randomUUID().replace(/-/g, '')}` });

  it('subscribes with a card that pays: a Stripe customer and subscription, the level at once, webhooks twice change nothing', async () => {
    const m = await member();
    const subscribed = await m.subscribe('pm_card_visa');
    expect(subscribed).toMatchObject({
      status: 200,
      body: { success: true, status: 'active', hasSubscription: true, level: 'vip', subscription: { planId: 'vip', autoRenewal: true } },
    });
    const stripeId = await m.stripeId();
    expect(stripeApi.subscription(stripeId)).toMatchObject({
      status: 'active',
      metadata: { userId: m.userId, planId: 'vip', billingCycle: 'monthly' },
    });
    expect(stripeApi.subscription(stripeId)?.items.data[0]?.price).toMatchObject({
      unit_amount: 9800,
      currency: 'hkd',
      recurring: { interval: 'month' },
    });
    expect((subscribed.body.subscription as Current['subscription'])?.expiresAt).toBe(periodEndOf(stripeId));
    expect((await m.call('GET', '/api/users/credits')).body).toMatchObject({ dailyCredits: 10, maxDailyCredits: 10 });

    const sent = [
      ...stripeApi.eventsFor('customer.subscription.created', stripeId),
      ...stripeApi.eventsFor('invoice.paid', stripeId),
      ...stripeApi.eventsFor('payment_intent.succeeded', stripeApi.subscription(stripeId)?.latest_invoice as string),
    ];
    await deliverAll([...sent, ...sent]);
    expect(await m.payments()).toEqual([
      expect.objectContaining({ type: 'subscription', amount: 98, currency: 'HKD', status: 'completed' }),
    ]);
    expect(await m.outboxCount('subscription.started')).toBe(1);
    expect(await m.outboxCount('membership.changed')).toBe(1);
    expect(await m.outboxCount('payment.confirmed')).toBe(1);
    // A second subscribe for the same customer reuses the Stripe customer.
    expect((await billing.db.query('SELECT 1 FROM stripe_customers WHERE user_id = $1', [m.userId])).rowCount).toBe(1);
  });

  it('returns the client secret when the card needs authentication, and starts once Stripe says the invoice is paid', async () => {
    const m = await member();
    const pending = await m.subscribe('pm_card_authenticationRequired');
    expect(pending).toMatchObject({
      status: 200,
      body: { success: false, status: 'requires_action', hasSubscription: false, level: 'free' },
    });
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
    expect(await m.subscribe('pm_card_chargeDeclined')).toMatchObject({
      status: 402,
      body: { code: 'CARD_DECLINED', error: 'Your card was declined.' },
    });
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
    const results = await Promise.all([
      stripeApi.deliver(webhookUrl, paid as Stripe.Event),
      stripeApi.deliver(webhookUrl, withNewId(paid as Stripe.Event)),
    ]);
    expect(results.map((r) => r.status)).toEqual([200, 200]);
    expect(await m.current()).toMatchObject({ level: 'vip', subscription: { expiresAt: renewedEnd } });
    expect(await m.outboxCount('subscription.renewed')).toBe(1);
    expect((await m.payments()).filter((p) => p.providerPaymentId === invoiceId)).toEqual([
      expect.objectContaining({ status: 'completed', amount: 98 }),
    ]);
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
    await deliverAll([
      ...stripeApi.eventsFor('customer.subscription.updated', stripeId),
      ...stripeApi.eventsFor('invoice.paid', stripeId).reverse(),
      ...created,
    ]);
    expect(await m.current()).toMatchObject({ hasSubscription: true, level: 'vip', subscription: { expiresAt: renewedEnd } });

    // Ended in Stripe's dashboard; the deletion arrives before the updates that preceded it.
    await dashboard.subscriptions.update(stripeId, { cancel_at_period_end: true });
    await dashboard.subscriptions.cancel(stripeId);
    const updates = stripeApi.eventsFor('customer.subscription.updated', stripeId);
    await deliverAll([
      ...stripeApi.eventsFor('customer.subscription.deleted', stripeId),
      ...updates.reverse(),
      ...created,
      ...stripeApi.eventsFor('invoice.paid', stripeId),
    ]);
    expect(await m.current()).toMatchObject({ hasSubscription: false, level: 'free', subscription: null });
    expect(await m.outboxCount('subscription.started')).toBe(1);
    expect(await m.outboxCount('membership.changed')).toBe(2);
    expect((await m.call('GET', '/api/users/credits')).body).toMatchObject({ maxDailyCredits: 3 });
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
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
    expect((await m.call('PUT', '/api/subscriptions/auto-renewal', { autoRenewal: false })).body).toMatchObject({
      subscription: { autoRenewal: false },
    });
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
    expect((await m.subscribe('pm_card_visa', { planId: 'premium', billingCycle: 'yearly' })).body).toMatchObject({
      level: 'premium',
      subscription: { planId: 'premium' },
    });
    const premiumId = await m.stripeId();
    expect(premiumId).not.toBe(vipId);
    expect(stripeApi.subscription(vipId)?.status).toBe('canceled');
    // The old subscription's deletion, when it arrives, leaves the new one alone.
    await deliverAll(stripeApi.eventsFor('customer.subscription.deleted', vipId));
    expect(await m.current()).toMatchObject({ level: 'premium' });

    expect((await m.call('POST', '/api/subscriptions/subscribe', { planId: 'free' })).body).toMatchObject({
      hasSubscription: false,
      level: 'free',
    });
    expect(stripeApi.subscription(premiumId)?.status).toBe('canceled');
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('refuses a second identical subscribe, in parallel or after, with 409: one Stripe subscription, one payment', async () => {
    const m = await member();
    const [a, b] = await Promise.all([
      m.subscribe('pm_card_visa', { billingCycle: 'yearly' }),
      m.subscribe('pm_card_visa', { billingCycle: 'yearly' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)?.body).toMatchObject({ code: 'SUBSCRIBE_IN_PROGRESS' });
    expect(await m.subscribe('pm_card_visa', { billingCycle: 'yearly' })).toMatchObject({
      status: 409,
      body: {
        code: 'ALREADY_SUBSCRIBED',
        error:
          'You already have the vip plan, billed yearly; to keep it after this period, turn auto-renewal on instead of subscribing again',
      },
    });
    const created = stripeApi.requests.filter(
      (r) => r.method === 'POST' && r.path === '/v1/subscriptions' && (r.form.metadata as Record<string, string>)?.userId === m.userId,
    );
    expect(created).toHaveLength(1);
    expect((await m.payments()).map((p) => [p.amount, p.status])).toEqual([[980, 'completed']]);
  });

  it('answers a retried declined subscribe (same Idempotency-Key) with 402 again, not an error', async () => {
    const m = await member();
    const key = { 'idempotency-key': randomUUID() };
    expect(await m.subscribe('pm_card_chargeDeclined', {}, key)).toMatchObject({ status: 402, body: { code: 'CARD_DECLINED' } });
    expect(await m.subscribe('pm_card_chargeDeclined', {}, key)).toMatchObject({
      status: 402,
      body: { code: 'CARD_DECLINED', error: 'Your card was declined.' },
    });
    const created = stripeApi.events.filter(
      (e) => e.type === 'customer.subscription.created' && (e.data.object as Stripe.Subscription).metadata.userId === m.userId,
    );
    expect(created.map((e) => stripeApi.subscription((e.data.object as Stripe.Subscription).id)?.status)).toEqual(['canceled']);
    expect((await m.payments()).map((p) => p.status)).toEqual(['failed']);
  });

  it('does not extend the period when Stripe moves it before the renewal is paid, and records why the charge failed', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const stripeId = await m.stripeId();
    const firstEnd = periodEndOf(stripeId);
    const { invoiceId } = stripeApi.renew(stripeId, 'failed');
    expect(periodEndOf(stripeId) > firstEnd).toBe(true);
    await deliverAll([
      ...stripeApi.eventsFor('customer.subscription.updated', stripeId),
      ...stripeApi.eventsFor('invoice.payment_failed', invoiceId),
    ]);
    expect(await m.current()).toMatchObject({ level: 'vip', subscription: { expiresAt: firstEnd } });
    const { rows } = await billing.db.query<{ failure_message: string }>(
      'SELECT failure_message FROM payments WHERE provider_payment_id = $1',
      [invoiceId],
    );
    expect(rows).toEqual([{ failure_message: 'Your card was declined.' }]);

    // Still unpaid three days after the period's end: the level goes and Stripe stops retrying.
    clock = new Date(new Date(firstEnd).getTime() + 3 * 24 * 3600 * 1000 + 60_000);
    await deliverAll(stripeApi.eventsFor('customer.subscription.updated', stripeId).map(withNewId));
    expect(await m.current()).toMatchObject({ hasSubscription: false, level: 'free' });
    expect(stripeApi.subscription(stripeId)?.status).toBe('canceled');
    expect(await m.outboxCount('subscription.expired')).toBe(1);
  });

  it('cancels at Stripe a subscription that ended here while Stripe kept it running, at the next webhook', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const stripeId = await m.stripeId();
    // As a cancellation whose call to Stripe failed after the commit left it.
    await billing.db.query("UPDATE subscriptions SET status = 'canceled' WHERE provider_subscription_id = $1", [stripeId]);
    const { invoiceId } = stripeApi.renew(stripeId);
    await deliverAll(stripeApi.eventsFor('invoice.paid', invoiceId));
    expect(stripeApi.subscription(stripeId)?.status).toBe('canceled');
    const { rows } = await billing.db.query<{ status: string; processor_cancel_due: boolean }>(
      'SELECT status, processor_cancel_due FROM subscriptions WHERE provider_subscription_id = $1',
      [stripeId],
    );
    expect(rows).toEqual([{ status: 'canceled', processor_cancel_due: false }]);
    // The charge happened at Stripe, so it is on record; it gives no period.
    expect((await m.payments()).find((p) => p.providerPaymentId === invoiceId)).toMatchObject({ status: 'completed' });
    expect(await m.outboxCount('subscription.renewed')).toBe(0);
  });

  it('an admin ending or replacing a Stripe subscription cancels it at Stripe', async () => {
    const m = await member();
    await m.subscribe('pm_card_visa');
    const first = await m.stripeId();
    const paidUntil = periodEndOf(first);
    const edit = (body: Record<string, unknown>) => m.asAdmin('PUT', `/internal/admin/members/${m.userId}`, body);
    expect(await edit({ subscriptionExpiry: '2099-01-31' })).toMatchObject({ status: 409, body: { code: 'PAID_BY_CARD' } });
    expect((await edit({ subscriptionPlan: 'premium' })).body.member).toMatchObject({
      level: 'premium',
      subscription: { planId: 'premium', expiresAt: paidUntil, status: 'active' },
    });
    expect(stripeApi.subscription(first)?.status).toBe('canceled');
    expect(await m.current()).toMatchObject({ level: 'premium', subscription: { planId: 'premium', autoRenewal: false } });

    const again = await member();
    await again.subscribe('pm_card_visa');
    const second = await again.stripeId();
    expect((await again.asAdmin('PUT', `/internal/admin/members/${again.userId}`, { subscriptionPlan: null })).body.member).toMatchObject({
      level: 'free',
    });
    expect(stripeApi.subscription(second)?.status).toBe('canceled');
    await deliverAll(stripeApi.eventsFor('customer.subscription.deleted', second));
    expect(await again.current()).toMatchObject({ hasSubscription: false, level: 'free' });
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });
});

/** The sweep asks Stripe before it ends a Stripe subscription past its end. */
describe('expiry sweep with Stripe', () => {
  let setup: StripeBilling;
  let clock: Date | undefined;

  beforeAll(async () => {
    setup = await startStripeBilling({ now: () => clock ?? new Date(), expirySweepIntervalMs: 50 });
  });

  afterAll(async () => {
    await setup?.close();
  });

  async function subscriber() {
    const { userId, call } = await setup.register('sweep');
    expect(
      (await call('POST', '/api/subscriptions/subscribe', { planId: 'vip', billingCycle: 'monthly', paymentMethodId: 'pm_card_visa' }))
        .status,
    ).toBe(200);
    const { rows } = await setup.billing.db.query<{ id: string; end: Date }>(
      "SELECT provider_subscription_id AS id, current_period_end AS end FROM subscriptions WHERE user_id = $1 AND status = 'active'",
      [userId],
    );
    const row = rows[0] as { id: string; end: Date };
    const state = async () =>
      (
        await setup.billing.db.query<{ level: string; status: string; end: Date }>(
          'SELECT a.level, s.status, s.current_period_end AS end FROM credit_accounts a JOIN subscriptions s ON s.user_id = a.user_id WHERE a.user_id = $1',
          [userId],
        )
      ).rows[0];
    return { userId, call, stripeId: row.id, end: row.end, state };
  }

  it('keeps a subscription whose renewal webhook was missed: the sweep finds the paid invoice at Stripe', async () => {
    const user = await subscriber();
    const { invoiceId } = setup.stripeApi.renew(user.stripeId);
    clock = new Date(user.end.getTime() + 4 * 24 * 3600 * 1000);
    await waitFor('the sweep to find the renewal', async () => (await user.state())?.end.getTime() !== user.end.getTime());
    expect(await user.state()).toMatchObject({ level: 'vip', status: 'active' });
    expect(setup.stripeApi.subscription(user.stripeId)?.status).toBe('active');
    const { rows } = await setup.billing.db.query<{ status: string }>('SELECT status FROM payments WHERE provider_payment_id = $1', [
      invoiceId,
    ]);
    expect(rows).toEqual([{ status: 'completed' }]);
    clock = undefined;
  });

  it('expires a renewal Stripe could not collect within the grace, and cancels it at Stripe', async () => {
    const user = await subscriber();
    setup.stripeApi.renew(user.stripeId, 'failed');
    clock = new Date(user.end.getTime() + 4 * 24 * 3600 * 1000);
    await waitFor('the sweep to expire it', async () => (await user.state())?.status === 'expired');
    expect(await user.state()).toMatchObject({ level: 'free' });
    await waitFor('Stripe to be told', async () => setup.stripeApi.subscription(user.stripeId)?.status === 'canceled');
    clock = undefined;
  });

  it('retries the Stripe cancellation of a subscription that ended here when the call after the commit failed', async () => {
    const user = await subscriber();
    // As an admin's or a plan change's ending leaves it when Stripe did not answer after the commit.
    await setup.billing.db.query(
      "UPDATE subscriptions SET status = 'canceled', processor_cancel_due = true WHERE provider_subscription_id = $1",
      [user.stripeId],
    );
    await waitFor('the sweep to cancel it at Stripe', async () => setup.stripeApi.subscription(user.stripeId)?.status === 'canceled');
    await waitFor(
      'the mark to be cleared',
      async () =>
        !(
          await setup.billing.db.query<{ due: boolean }>(
            'SELECT processor_cancel_due AS due FROM subscriptions WHERE provider_subscription_id = $1',
            [user.stripeId],
          )
        ).rows[0]?.due,
    );
  });
});

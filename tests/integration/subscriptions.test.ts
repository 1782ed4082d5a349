import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRsaKeyPair, signAccessToken, type EventEnvelope } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authService } from '../../services/auth/src/app';
import { billingService } from '../../services/billing/src/app';
import { ledger } from '../../services/billing/src/credits/ledger';

/**
 * Subscriptions with the demo processor: the level follows the plan, auth hears of it through
 * membership.changed, and periods renew or expire at their end.
 */
describe('subscriptions', () => {
  const keys = generateRsaKeyPair();
  const exchange = `${uniqueName('subs')}.events`;
  const outboxDir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-'));
  let clock = new Date('2026-11-23T04:00:00Z');
  let billing: TestService;
  let auth: TestService;
  const events: EventEnvelope[] = [];

  beforeAll(async () => {
    [billing, auth] = await Promise.all([
      startTestService(billingService({ demoPayments: true, now: () => clock }), { keys, exchange }),
      startTestService(authService({ tokenLifetimeSeconds: 3600, appUrl: 'http://localhost:8080', mail: { from: 'a@b.co', outboxDir } }), { keys, exchange }),
    ]);
    await billing.bus.subscribe({ queue: uniqueName('subs_listener'), patterns: ['subscription.#', 'membership.#'], maxAttempts: 1, handler: async (e) => void events.push(e) });
  });

  afterAll(async () => {
    await Promise.all([billing?.close(), auth?.close()]);
    fs.rmSync(outboxDir, { recursive: true, force: true });
  });

  /** A user registered through auth (billing opens the account from the event). */
  async function member() {
    const res = await fetch(`${auth.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${uniqueName('sub')}@example.com`, password: 'secret123', firstName: 'Sub', lastName: 'Scriber' }),
    });
    const { user } = (await res.json()) as { user: { id: string } };
    const bearer = signAccessToken(keys.privateKey, { id: user.id, role: 'user' }, 3600).token;
    const call = async (method: string, url: string, body?: unknown) => {
      const r = await fetch(`${billing.url}${url}`, { method, headers: { 'content-type': 'application/json', authorization: `Bearer ${bearer}` }, body: body === undefined ? undefined : JSON.stringify(body) });
      return { status: r.status, body: (await r.json()) as Record<string, unknown> };
    };
    await waitFor('the credit account', async () => (await call('GET', '/api/users/credits')).status === 200);
    const authLevel = async () => ((await (await fetch(`${auth.url}/api/auth/verify`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as { user: { level: string } }).user.level;
    return { id: user.id, call, authLevel };
  }

  it('subscribes to vip with the test card: level, daily credits and auth follow at once', async () => {
    const { id, call, authLevel } = await member();
    const subscribed = await call('POST', '/api/subscriptions/subscribe', { planId: 'vip', billingCycle: 'monthly', autoRenewal: true, paymentMethodId: '4242 4242 4242 4242' });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body).toMatchObject({ hasSubscription: true, level: 'vip', subscription: { planId: 'vip', daysRemaining: 30, autoRenewal: true } });
    expect((await call('GET', '/api/users/credits')).body).toMatchObject({ dailyCredits: 10, maxDailyCredits: 10 });
    await waitFor('auth to hear of it', async () => (await authLevel()) === 'vip');
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Array<{ type: string; amount: number; currency: string; status: string }> };
    expect(payments).toEqual([expect.objectContaining({ type: 'subscription', amount: 98, currency: 'HKD', status: 'completed' })]);
    expect(events.filter((e) => e.type === 'membership.changed' && (e.data as { userId: string }).userId === id).length).toBeLessThanOrEqual(1);
    expect(await ledger.mismatches(billing.db)).toEqual([]);
  });

  it('refuses a declined card, and records the failed payment', async () => {
    const { call } = await member();
    const declined = await call('POST', '/api/subscriptions/subscribe', { planId: 'premium', billingCycle: 'yearly', paymentMethodId: '4000000000000002' });
    expect(declined).toMatchObject({ status: 402, body: { error: 'Your card was declined.' } });
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: false, level: 'free' });
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Array<{ status: string }> };
    expect(payments.map((p) => p.status)).toEqual(['failed']);
  });

  it('cancels at period end, takes the cancellation back with auto-renewal, renews at the end once', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { call } = await member();
    await call('POST', '/api/subscriptions/subscribe', { planId: 'vip', billingCycle: 'monthly', autoRenewal: true, paymentMethodId: '4242424242424242' });
    expect((await call('POST', '/api/subscriptions/cancel', { immediate: false })).body).toMatchObject({ level: 'vip', subscription: { cancelAtPeriodEnd: true, autoRenewal: false } });
    expect((await call('PUT', '/api/subscriptions/auto-renewal', { autoRenewal: true })).body).toMatchObject({ subscription: { cancelAtPeriodEnd: false, autoRenewal: true } });

    clock = new Date('2026-12-23T05:00:00Z');
    const [a, b] = await Promise.all([call('GET', '/api/subscriptions/current'), call('GET', '/api/subscriptions/current')]);
    expect(a.body).toMatchObject({ level: 'vip', subscription: { expiresAt: '2027-01-22T04:00:00.000Z' } });
    expect(b.body).toEqual(a.body);
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: unknown[] };
    expect(payments).toHaveLength(2);
  });

  it('drops to free when a period ends without renewal, and when the free plan is chosen', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const first = await member();
    await first.call('POST', '/api/subscriptions/subscribe', { planId: 'premium', billingCycle: 'monthly', autoRenewal: false, paymentMethodId: '4242424242424242' });
    await waitFor('premium in auth', async () => (await first.authLevel()) === 'premium');
    clock = new Date('2026-12-24T00:00:00Z');
    expect((await first.call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: false, level: 'free' });
    await waitFor('free in auth', async () => (await first.authLevel()) === 'free');

    clock = new Date('2026-11-23T04:00:00Z');
    const second = await member();
    await second.call('POST', '/api/subscriptions/subscribe', { planId: 'vip', billingCycle: 'yearly', paymentMethodId: '4242424242424242' });
    expect((await second.call('POST', '/api/subscriptions/subscribe', { planId: 'free' })).body).toMatchObject({ hasSubscription: false, level: 'free' });
    expect((await second.call('POST', '/api/subscriptions/cancel', {})).status).toBe(404);
  });
});

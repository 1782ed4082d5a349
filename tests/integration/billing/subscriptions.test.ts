import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { generateRsaKeyPair, signAccessToken, type EventEnvelope } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { authService } from '../../../services/auth/src/app';
import { billingService } from '../../../services/billing/src/app';
import { ledgerRepo } from '../../../services/billing/src/credits/repo';
import { expirySweep } from '../../../services/billing/src/subscriptions/expiry';
import { settlePeriods } from '../../../services/billing/src/subscriptions/periods';
import { creditsService } from '../../../services/billing/src/credits/service';
import { jsonCaller, registerMember } from '../../support/billing-member';

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
      startTestService(authService({ tokenLifetimeSeconds: 3600, appUrl: 'http://localhost:8080', mail: { from: 'a@b.co', outboxDir } }), {
        keys,
        exchange,
      }),
    ]);
    await billing.bus.subscribe({
      queue: uniqueName('subs_listener'),
      patterns: ['subscription.#', 'membership.#'],
      maxAttempts: 1,
      handler: async (e) => void events.push(e),
    });
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
    const call = jsonCaller(billing.url, bearer);
    await waitFor('the credit account', async () => (await call('GET', '/api/users/credits')).status === 200);
    const authLevel = async () =>
      (
        (await (await fetch(`${auth.url}/api/auth/verify`, { headers: { authorization: `Bearer ${bearer}` } })).json()) as {
          user: { level: string };
        }
      ).user.level;
    return { id: user.id, call, authLevel };
  }

  it('subscribes to vip with the test card: level, daily credits and auth follow at once', async () => {
    const { id, call, authLevel } = await member();
    const subscribed = await call('POST', '/api/subscriptions/subscribe', {
      planId: 'vip',
      billingCycle: 'monthly',
      autoRenewal: true,
      paymentMethodId: '4242 4242 4242 4242',
    });
    expect(subscribed.status).toBe(200);
    expect(subscribed.body).toMatchObject({
      hasSubscription: true,
      level: 'vip',
      subscription: { planId: 'vip', daysRemaining: 30, autoRenewal: true },
    });
    expect((await call('GET', '/api/users/credits')).body).toMatchObject({ dailyCredits: 10, maxDailyCredits: 10 });
    await waitFor('auth to hear of it', async () => (await authLevel()) === 'vip');
    const { payments } = (await call('GET', '/api/users/payments')).body as {
      payments: Array<{ type: string; amount: number; currency: string; status: string }>;
    };
    expect(payments).toEqual([expect.objectContaining({ type: 'subscription', amount: 98, currency: 'HKD', status: 'completed' })]);
    expect(
      events.filter((e) => e.type === 'membership.changed' && (e.data as { userId: string }).userId === id).length,
    ).toBeLessThanOrEqual(1);
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('refuses a declined card, and records the failed payment', async () => {
    const { call } = await member();
    const declined = await call('POST', '/api/subscriptions/subscribe', {
      planId: 'premium',
      billingCycle: 'yearly',
      paymentMethodId: '4000000000000002',
    });
    expect(declined).toMatchObject({ status: 402, body: { error: 'Your card was declined.' } });
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: false, level: 'free' });
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Array<{ status: string }> };
    expect(payments.map((p) => p.status)).toEqual(['failed']);
  });

  it('cancels at period end, takes the cancellation back with auto-renewal, renews at the end once', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { call } = await member();
    await call('POST', '/api/subscriptions/subscribe', {
      planId: 'vip',
      billingCycle: 'monthly',
      autoRenewal: true,
      paymentMethodId: '4242424242424242',
    });
    expect((await call('POST', '/api/subscriptions/cancel', { immediate: false })).body).toMatchObject({
      level: 'vip',
      subscription: { cancelAtPeriodEnd: true, autoRenewal: false },
    });
    expect((await call('PUT', '/api/subscriptions/auto-renewal', { autoRenewal: true })).body).toMatchObject({
      subscription: { cancelAtPeriodEnd: false, autoRenewal: true },
    });

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
    await first.call('POST', '/api/subscriptions/subscribe', {
      planId: 'premium',
      billingCycle: 'monthly',
      autoRenewal: false,
      paymentMethodId: '4242424242424242',
    });
    await waitFor('premium in auth', async () => (await first.authLevel()) === 'premium');
    clock = new Date('2026-12-24T00:00:00Z');
    expect((await first.call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: false, level: 'free' });
    await waitFor('free in auth', async () => (await first.authLevel()) === 'free');

    clock = new Date('2026-11-23T04:00:00Z');
    const second = await member();
    await second.call('POST', '/api/subscriptions/subscribe', {
      planId: 'vip',
      billingCycle: 'yearly',
      paymentMethodId: '4242424242424242',
    });
    expect((await second.call('POST', '/api/subscriptions/subscribe', { planId: 'free' })).body).toMatchObject({
      hasSubscription: false,
      level: 'free',
    });
    expect((await second.call('POST', '/api/subscriptions/cancel', {})).status).toBe(404);
  });

  it('charges once for two parallel identical subscribes, and refuses the same plan again with 409', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { call } = await member();
    const subscribe = () =>
      call('POST', '/api/subscriptions/subscribe', { planId: 'vip', billingCycle: 'yearly', paymentMethodId: '4242424242424242' });
    const results = await Promise.all([subscribe(), subscribe()]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect((await subscribe()).body).toMatchObject({ code: 'ALREADY_SUBSCRIBED' });
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Array<{ amount: number; status: string }> };
    expect(payments.map((p) => [p.amount, p.status])).toEqual([[980, 'completed']]);
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({
      level: 'vip',
      subscription: { planId: 'vip', billingCycle: 'yearly', daysRemaining: 365 },
    });
    // A change of plan is no repeat: it starts now, and the old subscription ends.
    expect(
      (
        await call('POST', '/api/subscriptions/subscribe', {
          planId: 'premium',
          billingCycle: 'monthly',
          paymentMethodId: '4242424242424242',
        })
      ).body,
    ).toMatchObject({ level: 'premium' });
    const pending = await call('POST', '/api/subscriptions/subscribe', {
      planId: 'vip',
      billingCycle: 'monthly',
      paymentMethodId: '4000 0027 6000 3184',
    });
    expect(pending.body).toMatchObject({ status: 'requires_action' });
    expect(
      (
        await call('POST', '/api/subscriptions/subscribe', {
          planId: 'vip',
          billingCycle: 'monthly',
          paymentMethodId: '4000 0027 6000 3184',
        })
      ).body,
    ).toMatchObject({ code: 'SUBSCRIPTION_PENDING' });
  });

  it('waits for the card authentication of 4000 0027 6000 3184, then starts the subscription once', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { call } = await member();
    const pending = await call('POST', '/api/subscriptions/subscribe', {
      planId: 'vip',
      billingCycle: 'monthly',
      paymentMethodId: '4000 0027 6000 3184',
    });
    expect(pending).toMatchObject({
      status: 200,
      body: { success: false, status: 'requires_action', hasSubscription: false, level: 'free' },
    });
    const { clientSecret, paymentIntentId } = pending.body as { clientSecret: string; paymentIntentId: string };
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: false, level: 'free' });
    expect((await call('GET', '/api/users/payments')).body.payments).toEqual([]);

    const [first, again] = await Promise.all([
      call('POST', '/api/payments/demo/authenticate', { paymentIntentId, clientSecret }),
      call('POST', '/api/payments/demo/authenticate', { paymentIntentId, clientSecret }),
    ]);
    expect(first.body).toMatchObject({ status: 'succeeded' });
    expect(again.body).toMatchObject({ status: 'succeeded' });
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({
      hasSubscription: true,
      level: 'vip',
      subscription: { planId: 'vip', daysRemaining: 30 },
    });
    const { payments } = (await call('GET', '/api/users/payments')).body as {
      payments: Array<{ status: string; amount: number; providerPaymentId: string }>;
    };
    expect(payments).toEqual([expect.objectContaining({ status: 'completed', amount: 98, providerPaymentId: paymentIntentId })]);
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });
});

/** The periodic expiry sweep: ended subscriptions drop to free without anybody reading them, once. */
describe('subscription expiry sweep', () => {
  const keys = generateRsaKeyPair();
  let clock = new Date('2026-11-23T04:00:00Z');
  /** Sweeps every 50 ms. */
  let swept: TestService;
  /** Sweeps only when the test says so (its own timer is an hour). */
  let still: TestService;

  beforeAll(async () => {
    [swept, still] = await Promise.all([
      startTestService(billingService({ demoPayments: true, now: () => clock, expirySweepIntervalMs: 50 }), { keys }),
      startTestService(billingService({ demoPayments: true, now: () => clock, expirySweepIntervalMs: 3_600_000 }), { keys }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([swept?.close(), still?.close()]);
  });

  async function subscriber(service: TestService, autoRenewal: boolean) {
    const { userId, call } = await registerMember(service, { emailPrefix: 'sweep', firstName: 'A', lastName: 'B' });
    expect(
      (
        await call('POST', '/api/subscriptions/subscribe', {
          planId: 'premium',
          billingCycle: 'monthly',
          autoRenewal,
          paymentMethodId: '4242424242424242',
        })
      ).status,
    ).toBe(200);
    const outboxCount = async (type: string) =>
      Number(
        (
          await service.db.query<{ n: string }>("SELECT count(*) AS n FROM outbox WHERE type = $1 AND payload->'data'->>'userId' = $2", [
            type,
            userId,
          ])
        ).rows[0]?.n,
      );
    const level = async () =>
      (await service.db.query<{ level: string }>('SELECT level FROM credit_accounts WHERE user_id = $1', [userId])).rows[0]?.level;
    return { userId, call, outboxCount, level };
  }

  it('drops a subscription past its end to free with nobody reading it', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const user = await subscriber(swept, false);
    expect(await user.level()).toBe('premium');
    clock = new Date('2026-12-23T04:00:01Z');
    await waitFor('the sweep to expire it', async () => (await user.level()) === 'free');
    const { rows } = await swept.db.query<{ status: string }>('SELECT status FROM subscriptions WHERE user_id = $1', [user.userId]);
    expect(rows.map((r) => r.status)).toEqual(['expired']);
    expect(await user.outboxCount('subscription.expired')).toBe(1);
    expect(await user.outboxCount('membership.changed')).toBe(2);
  });

  it('announces an expiry and a renewal once when two sweeps and a read race', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const ending = await subscriber(still, false);
    const renewing = await subscriber(still, true);
    clock = new Date('2026-12-23T05:00:00Z');

    const { userTransaction: settle } = creditsService(still.db, { afterCommit: () => undefined, now: () => clock });
    const sweep = () =>
      expirySweep({
        db: still.db,
        settle: (userId) => settle(userId, (tx) => settlePeriods(tx, userId, clock)),
        now: () => clock,
        log: () => undefined,
      });
    const [, , read] = await Promise.all([
      sweep().sweepOnce(),
      sweep().sweepOnce(),
      ending.call('GET', '/api/subscriptions/current'),
      renewing.call('GET', '/api/subscriptions/current'),
    ]);
    expect(read.body).toMatchObject({ hasSubscription: false, level: 'free' });

    expect(await ending.outboxCount('subscription.expired')).toBe(1);
    expect(await ending.outboxCount('membership.changed')).toBe(2);
    expect(await renewing.outboxCount('subscription.renewed')).toBe(1);
    expect(await renewing.outboxCount('subscription.expired')).toBe(0);
    expect((await renewing.call('GET', '/api/subscriptions/current')).body).toMatchObject({
      level: 'premium',
      subscription: { expiresAt: '2027-01-22T04:00:00.000Z' },
    });
    expect(((await renewing.call('GET', '/api/users/payments')).body.payments as unknown[]).length).toBe(2);
    expect(await sweep().sweepOnce()).toBe(0);
    expect(await ledgerRepo.mismatches(still.db)).toEqual([]);
  });

  it('goes on with the other users when settling one fails, and tries that one again next time', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const [failing, other] = [await subscriber(still, false), await subscriber(still, false)];
    clock = new Date('2026-12-23T05:00:00Z');
    const { userTransaction: settle } = creditsService(still.db, { afterCommit: () => undefined, now: () => clock });
    const logged: string[] = [];
    const sweep = (fail: string | undefined) =>
      expirySweep({
        db: still.db,
        settle: async (userId) => {
          if (userId === fail) throw new Error('the card processor does not answer');
          return settle(userId, (tx) => settlePeriods(tx, userId, clock));
        },
        now: () => clock,
        log: (_err, msg) => void logged.push(msg),
      });
    await sweep(failing.userId).sweepOnce();
    expect(await other.level()).toBe('free');
    expect(await failing.level()).toBe('premium');
    expect(logged).toEqual([`could not settle the subscription of user ${failing.userId}; the next sweep tries again`]);
    expect(await sweep(undefined).sweepOnce()).toBe(1);
    expect(await failing.level()).toBe('free');
  });
});

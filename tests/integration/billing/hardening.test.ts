import { randomUUID } from 'node:crypto';
import { generateRsaKeyPair } from '@stockai/platform';
import { startTestService, type TestService } from '@stockai/platform/src/testing';
import { billingService } from '../../../services/billing/src/app';
import { ledgerRepo } from '../../../services/billing/src/credits/repo';
import { jsonCaller, registerMember, tokenFor } from '../../support/billing-member';

/**
 * Billing's money paths as issue 17's probes found them: no daily credits from a downgrade or
 * an expiry, never more daily credits than the level allows, one charge for two plan
 * purchases fired together, and an Idempotency-Key that names one request body only.
 */
describe('billing hardening', () => {
  const keys = generateRsaKeyPair();
  /** 12:00 in Hong Kong (UTC+8). */
  let clock = new Date('2026-11-23T04:00:00Z');
  let billing: TestService;

  beforeAll(async () => {
    billing = await startTestService(billingService({ demoPayments: true, now: () => clock }), { keys });
  });
  afterAll(async () => {
    await billing?.close();
  });

  async function member() {
    const { userId: id, call } = await registerMember(billing, { emailPrefix: 'h', firstName: 'Hard', lastName: 'Ening' });
    const spend = async (n: number) => {
      for (let i = 0; i < n; i++) {
        const debit = await call('POST', '/internal/credits/debit', { userId: id, amount: 1, reference: `analysis:${randomUUID()}` });
        expect(debit.status).toBe(200);
      }
    };
    const subscribe = (planId: string, billingCycle: 'monthly' | 'yearly', autoRenewal = true) =>
      call('POST', '/api/subscriptions/subscribe', { planId, billingCycle, autoRenewal, paymentMethodId: '4242424242424242' });
    const credits = async () => (await call('GET', '/api/users/credits')).body;
    return { id, call, spend, subscribe, credits };
  }

  it('gives no daily credits for a downgrade, and keeps unspent ones within the lower level', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const spent = await member();
    expect((await spent.subscribe('vip', 'monthly')).status).toBe(200);
    await spent.spend(10);
    await spent.call('POST', '/api/subscriptions/cancel', { immediate: true });
    expect(await spent.credits()).toMatchObject({ dailyCredits: 0, maxDailyCredits: 3, totalCredits: 0 });

    const unspent = await member();
    await unspent.subscribe('premium', 'monthly');
    expect(await unspent.credits()).toMatchObject({ dailyCredits: 30 });
    await unspent.call('POST', '/api/subscriptions/subscribe', { planId: 'free' });
    expect(await unspent.credits()).toMatchObject({ dailyCredits: 3, maxDailyCredits: 3 });

    // The next Hong Kong day's grant is the one daily grant.
    clock = new Date('2026-11-23T16:00:00Z');
    expect(await spent.credits()).toMatchObject({ dailyCredits: 3, maxDailyCredits: 3 });
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('gives no daily credits when a subscription expires on a day its credits were spent', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { call, spend, subscribe, credits } = await member();
    await subscribe('premium', 'monthly', false);
    // The last day of the period (Hong Kong), before it ends at 12:00 there.
    clock = new Date('2026-12-23T02:00:00Z');
    expect(await credits()).toMatchObject({ dailyCredits: 30 });
    await spend(30);
    clock = new Date('2026-12-23T04:01:00Z');
    expect((await call('GET', '/api/subscriptions/current')).body).toMatchObject({ hasSubscription: false, level: 'free' });
    expect(await credits()).toMatchObject({ dailyCredits: 0, maxDailyCredits: 3 });
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it("keeps daily credits within a level's allowance an admin lowered", async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { subscribe, credits } = await member();
    await subscribe('vip', 'monthly');
    expect(await credits()).toMatchObject({ dailyCredits: 10 });
    const asAdmin = jsonCaller(billing.url, tokenFor(billing, randomUUID(), 'admin'));
    expect((await asAdmin('PUT', '/internal/admin/user-levels/vip', { dailyCredits: 4 })).status).toBe(200);
    try {
      expect(await credits()).toMatchObject({ dailyCredits: 4, maxDailyCredits: 4 });
      expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
    } finally {
      await asAdmin('PUT', '/internal/admin/user-levels/vip', { dailyCredits: 10 });
    }
  });

  it('charges once for the monthly and the yearly price of one plan bought together or one after the other', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const together = await member();
    const answers = await Promise.all([together.subscribe('vip', 'monthly'), together.subscribe('vip', 'yearly')]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);

    const inTurn = await member();
    expect((await inTurn.subscribe('vip', 'monthly')).status).toBe(200);
    expect(await inTurn.subscribe('vip', 'yearly')).toMatchObject({ status: 409, body: { code: 'ALREADY_SUBSCRIBED' } });

    for (const m of [together, inTurn]) {
      const { payments } = (await m.call('GET', '/api/users/payments')).body as { payments: unknown[] };
      expect(payments).toHaveLength(1);
    }
  });

  it('refuses with 422 an Idempotency-Key sent again with another body, and answers a true repeat as the first', async () => {
    clock = new Date('2026-11-23T04:00:00Z');
    const { call } = await member();
    const key = { 'idempotency-key': randomUUID() };
    expect((await call('POST', '/api/users/topup', { amount: 5 }, key)).body).toMatchObject({ paidCredits: 5 });
    expect((await call('POST', '/api/users/topup', { amount: 5 }, key)).body).toMatchObject({ paidCredits: 5 });
    expect(await call('POST', '/api/users/topup', { amount: 500 }, key)).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });

    const intentKey = { 'idempotency-key': randomUUID() };
    const first = await call('POST', '/api/payments/create-payment-intent', { packageType: 'basic' }, intentKey);
    expect(first.status).toBe(200);
    expect((await call('POST', '/api/payments/create-payment-intent', { packageType: 'basic' }, intentKey)).body).toMatchObject({
      paymentIntentId: first.body.paymentIntentId,
    });
    expect(await call('POST', '/api/payments/create-payment-intent', { packageType: 'enterprise' }, intentKey)).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });

    const purchaseKey = { 'idempotency-key': randomUUID() };
    const plan = (billingCycle: string) => ({ planId: 'vip', billingCycle, paymentMethodId: '4242424242424242' });
    expect((await call('POST', '/api/subscriptions/subscribe', plan('monthly'), purchaseKey)).status).toBe(200);
    expect(await call('POST', '/api/subscriptions/subscribe', plan('yearly'), purchaseKey)).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    // The same key on another route is another request's key: it binds nothing here.
    expect((await call('POST', '/api/users/topup', { amount: 1 }, purchaseKey)).status).toBe(200);
  });
});

import { randomUUID } from 'node:crypto';
import { generateRsaKeyPair, newEvent, signAccessToken, type EventEnvelope } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { billingService } from '../../services/billing/src/app';
import { ledger } from '../../services/billing/src/credits/ledger';

/** The credit ledger on real PostgreSQL and RabbitMQ: no overspending, no double counting. */
describe('credits', () => {
  const keys = generateRsaKeyPair();
  /** Hong Kong is UTC+8: 15:59:59Z is 23:59:59 there, 16:00:00Z the next day. */
  let clock = new Date('2026-11-23T15:59:00Z');
  let demo: TestService;
  let paid: TestService;
  const events: EventEnvelope[] = [];

  beforeAll(async () => {
    [demo, paid] = await Promise.all([
      startTestService(billingService({ demoPayments: true, now: () => clock }), { keys }),
      startTestService(billingService({ demoPayments: false }), { keys }),
    ]);
    await demo.bus.subscribe({ queue: uniqueName('credit_listener'), patterns: ['credit.#'], maxAttempts: 1, handler: async (e) => void events.push(e) });
  });

  afterAll(async () => {
    await Promise.all([demo?.close(), paid?.close()]);
  });

  const token = (id: string, role: 'user' | 'admin' = 'user') => signAccessToken(keys.privateKey, { id, role }, 3600).token;

  async function openAccount(service: TestService) {
    const userId = randomUUID();
    await service.bus.publish(newEvent('user.registered', { userId, email: `${uniqueName('c')}@example.com`, firstName: 'A', lastName: 'B', registeredAt: new Date().toISOString() }));
    await waitFor('the account', async () => (await service.db.query('SELECT 1 FROM credit_accounts WHERE user_id = $1', [userId])).rowCount === 1);
    return userId;
  }
  const call = async (service: TestService, method: string, path: string, body?: unknown, bearer?: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${service.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(bearer ? { authorization: `Bearer ${bearer}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Record<string, unknown> };
  };
  const debit = (service: TestService, userId: string, reference: string) => call(service, 'POST', '/internal/credits/debit', { userId, amount: 1, reference });
  const balance = async (service: TestService, userId: string) => (await call(service, 'GET', '/api/users/credits', undefined, token(userId))).body;

  it('gives exactly 10 of 50 parallel debits against 10 credits, daily credits first', async () => {
    const userId = await openAccount(demo);
    expect(await balance(demo, userId)).toEqual({ totalCredits: 3, freeCredits: 3, paidCredits: 0, dailyCredits: 3, maxDailyCredits: 3 });
    expect((await call(demo, 'POST', '/api/users/topup', { amount: 7 }, token(userId), { 'idempotency-key': 'buy-1' })).body).toMatchObject({ paidCredits: 7, totalCredits: 10 });

    const results = await Promise.all(Array.from({ length: 50 }, () => debit(demo, userId, `analysis:${randomUUID()}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.status === 402 && r.body.error === 'Insufficient credits')).toBe(true);
    expect(await balance(demo, userId)).toMatchObject({ totalCredits: 0, paidCredits: 0, dailyCredits: 0 });
    expect(await ledger.mismatches(demo.db)).toEqual([]);
  });

  it('debits a reference once, however often it is asked, and refunds a failed analysis once', async () => {
    const userId = await openAccount(demo);
    const analysisId = randomUUID();
    const first = await debit(demo, userId, `analysis:${analysisId}`);
    const again = await debit(demo, userId, `analysis:${analysisId}`);
    expect(first.body).toMatchObject({ dailyCredits: 2 });
    expect(again).toMatchObject({ status: 200, body: { dailyCredits: 2 } });

    const failed = newEvent('analysis.failed', { analysisId, userId, symbol: 'AAPL', error: 'data source down' });
    await demo.bus.publish(failed);
    await demo.bus.publish(failed);
    await demo.bus.publish(newEvent('analysis.failed', { analysisId, userId, symbol: 'AAPL', error: 'the same failure, reported again' }));
    await waitFor('the refund', async () => (await balance(demo, userId)).dailyCredits === 3);
    await waitFor('all three deliveries', async () => {
      const { rows } = await demo.db.query<{ n: string }>("SELECT count(*) AS n FROM inbox WHERE consumer = 'billing.analysis-failed'");
      return Number(rows[0]?.n) >= 2;
    });
    const { rows } = await demo.db.query<{ n: string }>("SELECT count(*) AS n FROM credit_ledger WHERE kind = 'refund' AND user_id = $1", [userId]);
    expect(rows[0]?.n).toBe('1');
    await waitFor('credit events', () => events.some((e) => e.type === 'credit.refunded' && (e.data as { userId: string }).userId === userId));
    expect(events.filter((e) => e.type === 'credit.debited' && (e.data as { userId: string }).userId === userId)).toHaveLength(1);
    expect(await ledger.mismatches(demo.db)).toEqual([]);
  });

  it('refills daily credits to the allowance at the Hong Kong day boundary, without accumulating', async () => {
    clock = new Date('2026-11-23T15:59:00Z');
    const userId = await openAccount(demo);
    await debit(demo, userId, `analysis:${randomUUID()}`);
    expect(await balance(demo, userId)).toMatchObject({ dailyCredits: 2 });

    clock = new Date('2026-11-23T15:59:59Z');
    expect(await balance(demo, userId)).toMatchObject({ dailyCredits: 2 });
    clock = new Date('2026-11-23T16:00:00Z');
    expect(await balance(demo, userId)).toMatchObject({ dailyCredits: 3, totalCredits: 3 });
    clock = new Date('2026-11-24T15:00:00Z');
    expect(await balance(demo, userId)).toMatchObject({ dailyCredits: 3 });
    expect(await ledger.mismatches(demo.db)).toEqual([]);
  });

  it('tops up without payment only for admins once a card processor is configured', async () => {
    const userId = await openAccount(paid);
    const refused = await call(paid, 'POST', '/api/users/topup', { amount: 5 }, token(userId));
    expect(refused).toMatchObject({ status: 403, body: { code: 'TOPUP_FORBIDDEN' } });
    const adminId = await openAccount(paid);
    const granted = await call(paid, 'POST', '/api/users/topup', { amount: 5 }, token(adminId, 'admin'), { 'idempotency-key': 'k1' });
    const repeated = await call(paid, 'POST', '/api/users/topup', { amount: 5 }, token(adminId, 'admin'), { 'idempotency-key': 'k1' });
    expect(granted.body.paidCredits).toBe(5);
    expect(repeated.body.paidCredits).toBe(5);
    expect((await call(paid, 'POST', '/api/users/topup', { amount: 0 }, token(adminId, 'admin'))).status).toBe(400);
    expect(await ledger.mismatches(paid.db)).toEqual([]);
  });

  it('lists the starting catalogue, every price with its currency', async () => {
    const packages = (await call(demo, 'GET', '/api/payments/packages')).body.packages as Record<string, { credits: number; price: number; currency: string; popular: boolean }>;
    expect(Object.keys(packages)).toEqual(['basic', 'standard', 'premium', 'enterprise']);
    expect(Object.values(packages).map((p) => p.credits)).toEqual([10, 50, 120, 500]);
    expect(packages.standard?.popular).toBe(true);
    expect(Object.values(packages).every((p) => p.currency === 'HKD' && p.price > 0)).toBe(true);

    const plans = (await call(demo, 'GET', '/api/subscriptions/plans')).body.plans as Record<string, { dailyCredits: number; features: string[]; monthly: { price: number; currency: string }; yearly: { price: number } }>;
    expect(Object.keys(plans)).toEqual(['free', 'vip', 'premium']);
    expect(plans.vip).toMatchObject({ dailyCredits: 10, monthly: { currency: 'HKD' } });
    for (const id of ['vip', 'premium']) expect(plans[id]?.yearly.price).toBe((plans[id]?.monthly.price ?? 0) * 10);
    expect(plans.premium?.features.length).toBeGreaterThan(0);
  });
});

import { randomUUID } from 'node:crypto';
import { generateRsaKeyPair, newEvent, signAccessToken, type EventEnvelope } from '@stockai/platform';
import { startTestService, type TestService, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { billingService } from '../../../services/billing/src/app';
import { ledgerRepo } from '../../../services/billing/src/credits/repo';
import { jsonCaller, registerMember } from '../../support/billing-member';

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
    await demo.bus.subscribe({
      queue: uniqueName('credit_listener'),
      patterns: ['credit.#'],
      maxAttempts: 1,
      handler: async (e) => void events.push(e),
    });
  });

  afterAll(async () => {
    await Promise.all([demo?.close(), paid?.close()]);
  });

  const token = (id: string, role: 'user' | 'admin' = 'user') => signAccessToken(keys.privateKey, { id, role }, 3600).token;

  const openAccount = async (service: TestService) =>
    (await registerMember(service, { emailPrefix: 'c', firstName: 'A', lastName: 'B' })).userId;
  const call = (
    service: TestService,
    method: string,
    path: string,
    body?: unknown,
    bearer?: string,
    headers: Record<string, string> = {},
  ) => jsonCaller(service.url, bearer)(method, path, body, headers);
  /** As the analysis service calls it: with the user's own bearer token forwarded. */
  const debit = (service: TestService, userId: string, reference: string, bearer = token(userId)) =>
    call(service, 'POST', '/internal/credits/debit', { userId, amount: 1, reference }, bearer);
  const balance = async (service: TestService, userId: string) =>
    (await call(service, 'GET', '/api/users/credits', undefined, token(userId))).body;

  it('gives exactly 10 of 50 parallel debits against 10 credits, daily credits first', async () => {
    const userId = await openAccount(demo);
    expect(await balance(demo, userId)).toEqual({ totalCredits: 3, freeCredits: 3, paidCredits: 0, dailyCredits: 3, maxDailyCredits: 3 });
    expect((await call(demo, 'POST', '/api/users/topup', { amount: 7 }, token(userId), { 'idempotency-key': 'buy-1' })).body).toMatchObject(
      { paidCredits: 7, totalCredits: 10 },
    );

    const results = await Promise.all(Array.from({ length: 50 }, () => debit(demo, userId, `analysis:${randomUUID()}`)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(10);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused).toHaveLength(40);
    expect(refused.every((r) => r.status === 402 && r.body.error === 'Insufficient credits')).toBe(true);
    expect(await balance(demo, userId)).toMatchObject({ totalCredits: 0, paidCredits: 0, dailyCredits: 0 });
    expect(await ledgerRepo.mismatches(demo.db)).toEqual([]);
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
    const { rows } = await demo.db.query<{ n: string }>("SELECT count(*) AS n FROM credit_ledger WHERE kind = 'refund' AND user_id = $1", [
      userId,
    ]);
    expect(rows[0]?.n).toBe('1');
    await waitFor('credit events', () =>
      events.some((e) => e.type === 'credit.refunded' && (e.data as { userId: string }).userId === userId),
    );
    expect(events.filter((e) => e.type === 'credit.debited' && (e.data as { userId: string }).userId === userId)).toHaveLength(1);
    expect(await ledgerRepo.mismatches(demo.db)).toEqual([]);
  });

  /** Publishes the analysis's failure, as the analysis service does; `handled` waits until billing has handled it. */
  async function publishFailure(userId: string, analysisId: string) {
    const failed = newEvent('analysis.failed', { analysisId, userId, symbol: 'AAPL', error: 'billing did not answer in time' });
    await demo.bus.publish(failed);
    const handled = () =>
      waitFor(
        'the failure handled',
        async () =>
          (await demo.db.query("SELECT 1 FROM inbox WHERE consumer = 'billing.analysis-failed' AND event_id = $1", [failed.id]))
            .rowCount === 1,
      );
    return { handled };
  }
  const failAnalysis = async (userId: string, analysisId: string) => (await publishFailure(userId, analysisId)).handled();

  it('refuses with 409 ANALYSIS_ENDED, taking nothing, a debit that arrives after its analysis failed', async () => {
    const userId = await openAccount(demo);
    const analysisId = randomUUID();
    await failAnalysis(userId, analysisId);

    const late = await debit(demo, userId, `analysis:${analysisId}`);
    expect(late).toMatchObject({
      status: 409,
      body: { code: 'ANALYSIS_ENDED', error: 'This analysis has already ended; no credit was taken' },
    });
    expect(await debit(demo, userId, `analysis:${analysisId}`)).toMatchObject({ status: 409, body: { code: 'ANALYSIS_ENDED' } });
    expect(await balance(demo, userId)).toMatchObject({ totalCredits: 3, dailyCredits: 3 });
    // The failure is remembered as a zero-credit refund entry; no credit event is sent for it.
    const { rows } = await demo.db.query('SELECT kind, paid_delta, daily_delta FROM credit_ledger WHERE reference = $1', [
      `analysis:${analysisId}`,
    ]);
    expect(rows).toEqual([{ kind: 'refund', paid_delta: 0, daily_delta: 0 }]);
    expect(events.filter((e) => (e.data as { reference?: string }).reference === `analysis:${analysisId}`)).toEqual([]);
    expect(await ledgerRepo.mismatches(demo.db)).toEqual([]);
  });

  it('ends where it started when debits race the failures of their analyses', async () => {
    const userId = await openAccount(demo);
    await call(demo, 'POST', '/api/users/topup', { amount: 30 }, token(userId), { 'idempotency-key': 'race' });
    const start = await balance(demo, userId);
    expect(start).toMatchObject({ totalCredits: 33 });

    const analyses = Array.from({ length: 30 }, () => randomUUID());
    // Half the failures are on the bus before their debit is sent, half are sent with it, so both orders occur.
    const debits = await Promise.all(
      analyses.map(async (analysisId, i) => {
        if (i % 2 === 0) {
          const failure = await publishFailure(userId, analysisId);
          const [answer] = await Promise.all([debit(demo, userId, `analysis:${analysisId}`), failure.handled()]);
          return answer;
        }
        const [answer] = await Promise.all([debit(demo, userId, `analysis:${analysisId}`), failAnalysis(userId, analysisId)]);
        return answer;
      }),
    );

    // Each debit either went first (and was refunded) or came after the failure (and took nothing).
    expect(debits.every((d) => d.status === 200 || (d.status === 409 && d.body.code === 'ANALYSIS_ENDED'))).toBe(true);
    expect(await balance(demo, userId)).toEqual(start);
    const { rows } = await demo.db.query<{ reference: string; taken: number; returned: number }>(
      `SELECT reference, COALESCE(sum(paid_delta + daily_delta) FILTER (WHERE kind = 'debit'), 0)::int AS taken,
              COALESCE(sum(paid_delta + daily_delta) FILTER (WHERE kind = 'refund'), 0)::int AS returned
       FROM credit_ledger WHERE user_id = $1 AND reference LIKE 'analysis:%' GROUP BY reference`,
      [userId],
    );
    expect(rows).toHaveLength(analyses.length);
    expect(rows.every((r) => r.taken + r.returned === 0)).toBe(true);
    expect(rows.filter((r) => r.taken === -1)).toHaveLength(debits.filter((d) => d.status === 200).length);
    expect(await ledgerRepo.mismatches(demo.db)).toEqual([]);
  });

  it('refuses with 409 a reference already debited for another user, rather than answering "already debited"', async () => {
    const [ada, bob] = [await openAccount(demo), await openAccount(demo)];
    const reference = `analysis:${randomUUID()}`;
    expect(await debit(demo, ada, reference)).toMatchObject({ status: 200, body: { dailyCredits: 2 } });
    expect(await debit(demo, bob, reference)).toMatchObject({
      status: 409,
      body: { code: 'REFERENCE_OF_ANOTHER_USER', error: `The reference ${reference} was already debited for another user` },
    });
    expect(await balance(demo, bob)).toMatchObject({ dailyCredits: 3 });
    expect(await debit(demo, ada, reference)).toMatchObject({ status: 200, body: { dailyCredits: 2 } });
  });

  it("spends a user's credits only with that user's token (or an admin's)", async () => {
    const userId = await openAccount(demo);
    const withoutToken = await call(demo, 'POST', '/internal/credits/debit', { userId, amount: 1, reference: `analysis:${randomUUID()}` });
    expect(withoutToken).toMatchObject({ status: 401, body: { code: 'CALLER_TOKEN_REQUIRED' } });
    expect(withoutToken.body.error).toContain("end user's bearer token");
    const otherUser = await debit(demo, userId, `analysis:${randomUUID()}`, token(randomUUID()));
    expect(otherUser).toMatchObject({ status: 403, body: { code: 'DEBIT_FORBIDDEN' } });
    const forged = await debit(
      demo,
      userId,
      `analysis:${randomUUID()}`,
      signAccessToken(generateRsaKeyPair().privateKey, { id: userId, role: 'user' }, 3600).token,
    );
    expect(forged.status).toBe(401);
    expect(await balance(demo, userId)).toMatchObject({ dailyCredits: 3 });

    expect(await debit(demo, userId, `analysis:${randomUUID()}`)).toMatchObject({ status: 200, body: { dailyCredits: 2 } });
    expect(await debit(demo, userId, `analysis:${randomUUID()}`, token(randomUUID(), 'admin'))).toMatchObject({
      status: 200,
      body: { dailyCredits: 1 },
    });
    expect(await ledgerRepo.mismatches(demo.db)).toEqual([]);
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
    expect(await ledgerRepo.mismatches(demo.db)).toEqual([]);
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
    expect(await ledgerRepo.mismatches(paid.db)).toEqual([]);
  });

  it('tells admins, and only admins, that every cached balance equals its ledger', async () => {
    const userId = await openAccount(demo);
    const asUser = await call(demo, 'GET', '/internal/admin/credits/reconciliation', undefined, token(userId));
    expect(asUser.status).toBe(403);
    const report = await call(demo, 'GET', '/internal/admin/credits/reconciliation', undefined, token(userId, 'admin'));
    expect(report.body).toMatchObject({ ok: true, mismatches: [] });
    expect(report.body.accounts as number).toBeGreaterThan(0);

    // A balance changed behind the ledger's back is reported.
    await demo.db.query('UPDATE credit_accounts SET paid_credits = paid_credits + 1 WHERE user_id = $1', [userId]);
    const broken = await call(demo, 'GET', '/internal/admin/credits/reconciliation', undefined, token(userId, 'admin'));
    expect(broken.body).toMatchObject({ ok: false, mismatches: [expect.objectContaining({ user_id: userId })] });
    await demo.db.query('UPDATE credit_accounts SET paid_credits = paid_credits - 1 WHERE user_id = $1', [userId]);
  });

  it('lists the starting catalogue, every price with its currency', async () => {
    const packages = (await call(demo, 'GET', '/api/payments/packages')).body.packages as Record<
      string,
      { credits: number; price: number; currency: string; popular: boolean }
    >;
    expect(Object.keys(packages)).toEqual(['basic', 'standard', 'premium', 'enterprise']);
    expect(Object.values(packages).map((p) => p.credits)).toEqual([10, 50, 120, 500]);
    expect(packages.standard?.popular).toBe(true);
    expect(Object.values(packages).every((p) => p.currency === 'HKD' && p.price > 0)).toBe(true);

    const plans = (await call(demo, 'GET', '/api/subscriptions/plans')).body.plans as Record<
      string,
      { dailyCredits: number; features: string[]; monthly: { price: number; currency: string }; yearly: { price: number } }
    >;
    expect(Object.keys(plans)).toEqual(['free', 'vip', 'premium']);
    expect(plans.vip).toMatchObject({ dailyCredits: 10, monthly: { currency: 'HKD' } });
    for (const id of ['vip', 'premium']) expect(plans[id]?.yearly.price).toBe((plans[id]?.monthly.price ?? 0) * 10);
    expect(plans.premium?.features.length).toBeGreaterThan(0);
  });
});

/** Buying a credit package with the demo card processor. */
describe('credit packages with the demo processor', () => {
  const keys = generateRsaKeyPair();
  let billing: TestService;

  beforeAll(async () => {
    // The sweeps run every 50 ms: the abandoned-payment test below waits for one.
    billing = await startTestService(billingService({ demoPayments: true, expirySweepIntervalMs: 50 }), { keys });
  });

  afterAll(async () => {
    await billing?.close();
  });

  async function customer() {
    const { call } = await registerMember(billing, { emailPrefix: 'buyer', firstName: 'A', lastName: 'B' });
    const buy = async (packageType: string) =>
      (await call('POST', '/api/payments/create-payment-intent', { packageType })).body as {
        paymentIntentId: string;
        clientSecret: string;
        amount: number;
        currency: string;
      };
    const pay = (intent: { paymentIntentId: string; clientSecret: string }, cardNumber: string) =>
      call('POST', '/api/payments/demo/pay', { ...intent, cardNumber });
    const paid = async () => ((await call('GET', '/api/users/credits')).body as { paidCredits: number }).paidCredits;
    return { call, buy, pay, paid };
  }

  it('charges the package price and grants its credits once, however often it is confirmed', async () => {
    const { call, buy, pay, paid } = await customer();
    const intent = await buy('standard');
    expect(intent).toMatchObject({ amount: 328, currency: 'HKD' });
    expect((await call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId })).body).toMatchObject({
      success: false,
      status: 'requires_payment_method',
    });
    // No card submitted yet: no payment to list.
    expect((await call('GET', '/api/users/payments')).body).toMatchObject({ payments: [], total: 0 });
    expect((await pay(intent, '4242 4242 4242 4242')).body).toMatchObject({ status: 'succeeded' });

    const confirms = await Promise.all(
      Array.from({ length: 5 }, () => call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId })),
    );
    expect(confirms.every((c) => c.status === 200 && c.body.success === true)).toBe(true);
    expect(await paid()).toBe(50);
    const { payments } = (await call('GET', '/api/users/payments?limit=5')).body as { payments: Array<Record<string, unknown>> };
    expect(payments).toEqual([
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

  it('records a declined card as failed and grants nothing', async () => {
    const { call, buy, pay, paid } = await customer();
    const intent = await buy('basic');
    expect(await pay(intent, '4000000000000002')).toMatchObject({ status: 402, body: { error: 'Your card was declined.' } });
    expect(await call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId })).toMatchObject({
      status: 402,
      body: { code: 'PAYMENT_FAILED' },
    });
    expect(await paid()).toBe(0);
    const { payments } = (await call('GET', '/api/users/payments')).body as { payments: Array<{ status: string }> };
    expect(payments.map((p) => p.status)).toEqual(['failed']);
  });

  it('lists no payment for a package picked but never paid for, and a declined card beside it as failed', async () => {
    const { call, buy, pay } = await customer();
    const picked = await buy('basic');
    expect(picked.clientSecret).toEqual(expect.any(String));
    expect((await call('GET', '/api/users/payments')).body).toMatchObject({ payments: [], page: 1, pages: 1, total: 0 });

    const declined = await buy('standard');
    expect((await pay(declined, '4000000000000002')).status).toBe(402);
    const { payments, total } = (await call('GET', '/api/users/payments')).body as {
      payments: Array<{ status: string; providerPaymentId: string }>;
      total: number;
    };
    expect(payments.map((p) => [p.providerPaymentId, p.status])).toEqual([[declined.paymentIntentId, 'failed']]);
    expect(total).toBe(1);

    // Paid later after all, the picked package's payment appears as completed.
    expect((await pay(picked, '4242424242424242')).body).toMatchObject({ status: 'succeeded' });
    await call('POST', '/api/payments/confirm-payment', { paymentIntentId: picked.paymentIntentId });
    const after = (await call('GET', '/api/users/payments')).body as { payments: Array<{ status: string; providerPaymentId: string }> };
    expect(after.payments.map((p) => [p.providerPaymentId, p.status]).sort()).toEqual(
      [
        [declined.paymentIntentId, 'failed'],
        [picked.paymentIntentId, 'completed'],
      ].sort(),
    );
  });

  it('cancels a package payment left unpaid for a day, lists it for admins only as abandoned, and refuses to pay it later', async () => {
    const { call, buy, pay } = await customer();
    const [left, declined, fresh] = [await buy('basic'), await buy('standard'), await buy('premium')];
    expect((await pay(declined, '4000000000000002')).status).toBe(402);
    await billing.db.query("UPDATE payments SET created_at = now() - interval '25 hours' WHERE provider_payment_id = ANY($1::text[])", [
      [left.paymentIntentId, declined.paymentIntentId],
    ]);
    const statusOf = async (id: string) =>
      (await billing.db.query<{ status: string }>('SELECT status FROM payments WHERE provider_payment_id = $1', [id])).rows[0]?.status;

    await waitFor('the sweep', async () => (await statusOf(left.paymentIntentId)) === 'abandoned');
    const intent = await billing.db.query('SELECT status FROM demo_payment_intents WHERE id = $1', [left.paymentIntentId]);
    expect(intent.rows).toEqual([{ status: 'canceled' }]);
    expect(await statusOf(declined.paymentIntentId)).toBe('failed');
    expect(await statusOf(fresh.paymentIntentId)).toBe('requires_payment_method');
    expect(await pay(left, '4242424242424242')).toMatchObject({ status: 400, body: { code: 'PAYMENT_INTENT_CANCELED' } });

    const mine = (await call('GET', '/api/users/payments')).body as {
      payments: Array<{ providerPaymentId: string; status: string }>;
      total: number;
    };
    expect(mine.payments.map((p) => [p.providerPaymentId, p.status])).toEqual([[declined.paymentIntentId, 'failed']]);
    const admin = signAccessToken(keys.privateKey, { id: randomUUID(), role: 'admin' }, 3600).token;
    const adminList = async (query: string) => {
      const res = await fetch(`${billing.url}/internal/admin/payments?limit=100${query}`, {
        headers: { authorization: `Bearer ${admin}` },
      });
      return ((await res.json()) as { payments: Array<{ stripePaymentIntentId: string; status: string }> }).payments.filter((p) =>
        [left, declined, fresh].some((i) => i.paymentIntentId === p.stripePaymentIntentId),
      );
    };
    expect((await adminList('')).map((p) => p.status)).toEqual(['failed']);
    expect((await adminList('&status=abandoned')).map((p) => [p.stripePaymentIntentId, p.status]).sort()).toEqual(
      [
        [fresh.paymentIntentId, 'abandoned'],
        [left.paymentIntentId, 'abandoned'],
      ].sort(),
    );
  });

  it('pages the payments list, newest first, with one stuck in card authentication listed as requires_action', async () => {
    const { call, buy, pay, paid } = await customer();
    // The oldest payment waits for the card authentication the user never completed.
    const stuck = await buy('basic');
    expect((await pay(stuck, '4000 0027 6000 3184')).body).toMatchObject({ status: 'requires_action' });
    const completed: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      const intent = await buy('basic');
      expect((await pay(intent, '4242424242424242')).body).toMatchObject({ status: 'succeeded' });
      await call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId });
      completed.unshift(intent.paymentIntentId);
    }
    expect(await paid()).toBe(50);

    type Page = {
      payments: Array<{ providerPaymentId: string; status: string; type: string; amount: number; currency: string; date: string }>;
      page: number;
      pages: number;
      total: number;
    };
    const first = (await call('GET', '/api/users/payments?page=1&limit=5')).body as Page;
    expect(first).toMatchObject({ page: 1, pages: 2, total: 6 });
    expect(first.payments.map((p) => [p.providerPaymentId, p.status])).toEqual(completed.map((id) => [id, 'completed']));
    const second = (await call('GET', '/api/users/payments?page=2&limit=5')).body as Page;
    expect(second).toMatchObject({ page: 2, pages: 2, total: 6 });
    expect(second.payments).toEqual([
      expect.objectContaining({
        providerPaymentId: stuck.paymentIntentId,
        status: 'requires_action',
        type: 'topup',
        amount: 78,
        currency: 'HKD',
        date: expect.any(String),
      }),
    ]);
    expect((await call('GET', '/api/users/payments?page=1&limit=10')).body).toMatchObject({ pages: 1, total: 6 });
    // A page past the end is empty but still tells how many there are.
    expect((await call('GET', '/api/users/payments?page=3&limit=5')).body).toMatchObject({ payments: [], page: 3, pages: 2, total: 6 });
    expect(await ledgerRepo.mismatches(billing.db)).toEqual([]);
  });

  it('waits for the card authentication of a card that requires it, then grants', async () => {
    const { call, buy, pay, paid } = await customer();
    const intent = await buy('basic');
    expect((await pay(intent, '4000002760003184')).body).toMatchObject({ status: 'requires_action' });
    expect((await call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId })).body).toMatchObject({
      success: false,
      status: 'requires_action',
    });
    expect(await paid()).toBe(0);
    expect((await call('POST', '/api/payments/demo/authenticate', intent)).body).toMatchObject({ status: 'succeeded' });
    expect((await call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId })).body).toMatchObject({
      success: true,
    });
    expect(await paid()).toBe(10);
  });

  it("refuses unknown packages, other people's payments and unknown test cards", async () => {
    const buyer = await customer();
    const other = await customer();
    expect(await buyer.call('POST', '/api/payments/create-payment-intent', { packageType: 'gold' })).toMatchObject({
      status: 400,
      body: { code: 'UNKNOWN_PACKAGE' },
    });
    const intent = await buyer.buy('basic');
    expect((await other.call('POST', '/api/payments/confirm-payment', { paymentIntentId: intent.paymentIntentId })).status).toBe(404);
    expect((await buyer.pay(intent, '5555555555554444')).status).toBe(400);
    expect((await buyer.pay({ ...intent, clientSecret: 'wrong' }, '4242424242424242')).status).toBe(400);
  });
});

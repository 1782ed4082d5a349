/**
 * The admin API's behaviour (spec admin-area.md sections 3 and 7), written once and run against
 * both shapes of the product: the all-in-one process and the distributed processes. Every call
 * goes through the gateway as the web app makes it; the access checks are also made straight at
 * the admin service, which must refuse on its own.
 */
import { randomUUID } from 'node:crypto';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';

export interface AdminApiShape {
  /** The gateway. */
  base: string;
  /** The admin service itself, bypassing the gateway. */
  adminServiceUrl: string;
  /** The admin account made at start (ADMIN_EMAIL / ADMIN_PASSWORD). */
  admin: { email: string; password: string };
  /** Who writes the reports' text in this run: the AI provider or the built-in analyst. */
  exchangesBy: 'ai' | 'built-in';
}

/** How long an event may take to cross the bus and be consumed. */
const EVENTUALLY_MS = 30_000;

/** Every call of section 7 (both readings), with a body where it takes one. */
const SECTION_7: Array<[string, string]> = [
  ['GET', 'stats'],
  ['GET', 'members?page=1&limit=20'],
  ['PUT', `members/${randomUUID()}`],
  ['DELETE', `members/${randomUUID()}`],
  ['GET', 'prompts'],
  ['GET', 'cache'],
  ['DELETE', 'cache'],
  ['DELETE', 'cache/AAPL'],
  ['GET', 'packages'],
  ['POST', 'packages'],
  ['PUT', 'packages/basic'],
  ['DELETE', 'packages/basic'],
  ['GET', 'subscription-plans'],
  ['POST', 'subscription-plans'],
  ['PUT', 'subscription-plans/vip'],
  ['PUT', 'subscription-plans/vip/monthly'],
  ['DELETE', 'subscription-plans/vip'],
  ['GET', 'perplexity-stats'],
  ['GET', `perplexity-results/${randomUUID()}`],
  ['DELETE', `perplexity-results/${randomUUID()}`],
  ['GET', 'perplexity-results?page=1&limit=20'],
  ['GET', 'user-activities?page=1&limit=20'],
  ['GET', 'activity-stats?timeframe=30d'],
  ['GET', 'perplexity-diagnostic'],
  ['POST', 'test-perplexity-save'],
  ['GET', 'payments?page=1&limit=20&status=completed&dateFrom=2026-01-01&dateTo=2026-12-31'],
  ['GET', 'payment-stats'],
  ['GET', 'user-levels'],
  ['POST', 'user-levels'],
  ['PUT', 'user-levels/premium'],
  ['DELETE', 'user-levels/premium'],
];

/** The day in Hong Kong, as billing's date filters read it. */
const hongKongToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

export function adminApiCases(shape: () => AdminApiShape): void {
  // Bodies whose shape each test asserts; typed loosely so the assertions read plainly.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Body = Record<string, any>;
  const call = async (base: string, method: string, path: string, token?: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (token) headers.authorization = `Bearer ${token}`;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await res.text();
    return { status: res.status, body: (text ? JSON.parse(text) : {}) as Body };
  };
  const api = (method: string, path: string, token?: string, body?: unknown) => call(shape().base, method, path, token, body);
  const admin = (method: string, path: string, token: string, body?: unknown) => api(method, `/api/admin/${path}`, token, body);

  const login = async (email: string, password: string) => api('POST', '/api/auth/login', undefined, { email, password });
  const register = async (name: string) => {
    const email = `${uniqueName(name)}@example.com`;
    const res = await api('POST', '/api/auth/register', undefined, { email, password: 'secret123', firstName: name, lastName: 'Chan' });
    expect(res.status).toBe(201);
    const token = res.body.token as string;
    await waitFor('the credit account', async () => (await api('GET', '/api/users/credits', token)).status === 200, EVENTUALLY_MS);
    return { token, id: res.body.user.id as string, email };
  };
  /** Waits for the admin's member list to show the member (the directory follows auth's events). */
  const listed = (token: string, email: string) =>
    waitFor(
      `${email} in the member list`,
      async () => {
        const res = await admin('GET', `members?search=${encodeURIComponent(email)}`, token);
        return res.body.members?.find((m: Body) => m.email === email) as Body | undefined;
      },
      EVENTUALLY_MS,
    );

  let adminToken: string;
  let adminId: string;
  let user: { token: string; id: string; email: string };

  beforeAll(async () => {
    const res = await login(shape().admin.email, shape().admin.password);
    expect(res.status).toBe(200);
    expect(res.body.user.role).toBe('admin');
    adminToken = res.body.token;
    adminId = res.body.user.id;
    user = await register('member');
  });

  it('refuses every call without a token (401) and to a member (403 Admin access required), at the gateway and at the admin service', async () => {
    for (const base of [shape().base, shape().adminServiceUrl]) {
      for (const [method, path] of SECTION_7) {
        const anonymous = await call(base, method, `/api/admin/${path}`, undefined, method === 'GET' ? undefined : {});
        expect({ base, method, path, status: anonymous.status }).toEqual({ base, method, path, status: 401 });
        const member = await call(base, method, `/api/admin/${path}`, user.token, method === 'GET' ? undefined : {});
        expect({ base, method, path, status: member.status, error: member.body.error }).toEqual({
          base,
          method,
          path,
          status: 403,
          error: 'Admin access required',
        });
      }
    }
  });

  it('answers the dashboard stats: users, analyses and cache', async () => {
    await listed(adminToken, user.email);
    const { status, body } = await admin('GET', 'stats', adminToken);
    expect(status).toBe(200);
    const { users, analyses, cache } = body.stats;
    expect(users.total).toBeGreaterThanOrEqual(2);
    expect(users.admins).toBeGreaterThanOrEqual(1);
    expect(users.active).toBeGreaterThanOrEqual(1);
    expect(users.free + users.vip + users.premium).toBe(users.total);
    expect(analyses).toEqual({ total: expect.any(Number), completed: expect.any(Number), today: expect.any(Number) });
    expect(cache).toEqual({ totalEntries: expect.any(Number), validEntries: expect.any(Number), expiredEntries: expect.any(Number) });
  });

  it('lists members 20 a page with the fields of section 3', async () => {
    const { status, body } = await admin('GET', 'members?page=1&limit=20', adminToken);
    expect(status).toBe(200);
    expect(body).toMatchObject({ page: 1, totalPages: expect.any(Number), pages: expect.any(Number), total: expect.any(Number) });
    expect(body.members.length).toBeLessThanOrEqual(20);
    const member = await listed(adminToken, user.email);
    expect(member).toMatchObject({
      _id: user.id,
      firstName: 'member',
      lastName: 'Chan',
      email: user.email,
      role: 'user',
      level: 'free',
      credits: 3,
      paidCredits: 0,
      dailyCredits: 3,
      subscription: { planId: null, expiresAt: null, status: 'inactive' },
    });
    expect((await admin('GET', 'members?page=0', adminToken)).status).toBe(400);
  });

  it("sets a member's paid and total credits through billing's ledger: the member's balance, never negative, audited", async () => {
    const paid = await admin('PUT', `members/${user.id}`, adminToken, { paidCredits: 7, reason: 'goodwill after an outage' });
    expect(paid).toMatchObject({ status: 200, body: { success: true, member: { paidCredits: 7, credits: 10 } } });
    expect((await api('GET', '/api/users/credits', user.token)).body).toMatchObject({ paidCredits: 7, totalCredits: 10 });

    const total = await admin('PUT', `members/${user.id}`, adminToken, { credits: 4 });
    expect(total).toMatchObject({ status: 200, body: { member: { credits: 4 } } });
    expect((await api('GET', '/api/users/credits', user.token)).body).toMatchObject({ totalCredits: 4 });

    const negative = await admin('PUT', `members/${user.id}`, adminToken, { paidCredits: -1 });
    expect(negative.status).toBe(400);
    expect(negative.body.error).toMatch(/^paidCredits: /);
    expect((await api('GET', '/api/users/credits', user.token)).body).toMatchObject({ totalCredits: 4 });

    const history = await admin('GET', `members/${user.id}/credit-history`, adminToken);
    expect(history.body.entries.filter((e: Body) => e.kind === 'adjustment' && e.reference === `admin:${adminId}`)).toEqual([
      expect.objectContaining({ paidDelta: -6, dailyDelta: 0, reason: 'Set by an admin' }),
      expect.objectContaining({ paidDelta: 7, dailyDelta: 0, reason: 'goodwill after an outage' }),
    ]);
    expect((await admin('GET', `members/${user.id}/credit-history`, user.token)).status).toBe(403);

    // The member sees the admin's changes in their own history, with the reason but not the admin's id.
    const own = await api('GET', '/api/users/credit-history?page=1&limit=10', user.token);
    expect(own.status).toBe(200);
    expect(own.body.entries.filter((e: Body) => e.type === 'admin_adjustment')).toEqual([
      { type: 'admin_adjustment', credits: -6, paidDelta: -6, dailyDelta: 0, reason: 'Set by an admin', createdAt: expect.any(String) },
      {
        type: 'admin_adjustment',
        credits: 7,
        paidDelta: 7,
        dailyDelta: 0,
        reason: 'goodwill after an outage',
        createdAt: expect.any(String),
      },
    ]);
    expect(JSON.stringify(own.body)).not.toContain(adminId);
    const balance = (await api('GET', '/api/users/credits', user.token)).body;
    const allOwn = await api('GET', '/api/users/credit-history?page=1&limit=100', user.token);
    expect(allOwn.body.entries.reduce((n: number, e: Body) => n + e.credits, 0)).toBe(balance.totalCredits);
    expect((await api('GET', '/api/users/credit-history')).status).toBe(401);
    expect((await api('GET', '/api/users/credit-history?limit=0', user.token)).status).toBe(400);

    const audit = await admin('GET', 'user-activities?type=admin_action&limit=100', adminToken);
    const entry = audit.body.activities.find(
      (a: Body) => a.details.action === 'member.update' && a.details.target === user.id && a.details.reason === 'goodwill after an outage',
    );
    expect(entry).toMatchObject({
      userId: adminId,
      activityType: 'admin_action',
      status: 'success',
      details: { before: { paidCredits: 0, credits: 3 }, after: { paidCredits: 7, credits: 10 } },
    });
  });

  it('edits packages as buyers then see them; a deleted package cannot be bought, its payments stay listed', async () => {
    const type = `pkg_${Date.now().toString(36)}`;
    const added = await admin('POST', 'packages', adminToken, { type, name: 'Starter', credits: 5, price: 9.99 });
    expect(added).toMatchObject({ status: 201, body: { success: true, message: 'Package added successfully' } });
    const updated = await admin('PUT', `packages/${type}`, adminToken, { name: 'Starter Plus', credits: 6, price: 12.5 });
    expect(updated).toMatchObject({ status: 200, body: { message: 'Package updated successfully' } });
    expect((await admin('GET', 'packages', adminToken)).body.packages[type]).toMatchObject({
      name: 'Starter Plus',
      credits: 6,
      price: 12.5,
    });
    expect((await api('GET', '/api/payments/packages')).body.packages[type]).toMatchObject({
      name: 'Starter Plus',
      credits: 6,
      price: 12.5,
    });

    // A purchase at the new price, then the package goes.
    const intent = await api('POST', '/api/payments/create-payment-intent', user.token, { packageType: type });
    expect(intent.body).toMatchObject({ amount: 12.5, credits: 6 });
    const paid = await api('POST', '/api/payments/demo/pay', user.token, {
      paymentIntentId: intent.body.paymentIntentId,
      clientSecret: intent.body.clientSecret,
      cardNumber: '4242424242424242',
    });
    expect(paid.body.status).toBe('succeeded');
    expect((await api('POST', '/api/payments/confirm-payment', user.token, { paymentIntentId: intent.body.paymentIntentId })).status).toBe(
      200,
    );

    expect(await admin('DELETE', `packages/${type}`, adminToken)).toMatchObject({
      status: 200,
      body: { message: 'Package deleted successfully' },
    });
    expect((await api('GET', '/api/payments/packages')).body.packages[type]).toBeUndefined();
    expect((await api('POST', '/api/payments/create-payment-intent', user.token, { packageType: type })).status).toBe(400);

    const today = hongKongToday();
    const payments = await admin('GET', `payments?page=1&limit=20&status=completed&dateFrom=${today}&dateTo=${today}`, adminToken);
    expect(payments.status).toBe(200);
    expect(payments.body).toMatchObject({ page: 1, pages: expect.any(Number), total: expect.any(Number) });
    expect(payments.body.payments).toContainEqual(
      expect.objectContaining({
        userId: user.id,
        userEmail: user.email,
        packageType: type,
        packageName: 'Starter Plus',
        credits: 6,
        amount: 12.5,
        status: 'completed',
      }),
    );
    // The member's own history keeps the deleted package's name too.
    const own = await api('GET', '/api/users/payments?page=1&limit=5', user.token);
    expect(own.body.payments).toContainEqual(
      expect.objectContaining({ packageType: type, packageName: 'Starter Plus', status: 'completed' }),
    );
    const stats = await admin('GET', 'payment-stats', adminToken);
    expect(stats.body.stats).toMatchObject({ totalTransactions: expect.any(Number), successfulTransactions: expect.any(Number) });
    expect(stats.body.stats.successfulTransactions).toBeGreaterThanOrEqual(1);

    const attempts = await waitFor(
      'the payment attempt in the activity log',
      async () => {
        const res = await admin('GET', 'user-activities?type=payment_attempt&limit=100', adminToken);
        return res.body.activities.find((a: Body) => a.userId === user.id) as Body | undefined;
      },
      EVENTUALLY_MS,
    );
    expect(attempts).toMatchObject({ status: 'success', user: { email: user.email }, details: { credits: 6, amount: 12.5 } });
  });

  it('adds, edits, prices and deletes subscription plans, as the plans page then shows them', async () => {
    const planId = `plan_${Date.now().toString(36)}`;
    const plan = {
      planId,
      name: 'Team',
      levelType: 'vip',
      features: ['One', '', 'Two'],
      monthly: { price: 9.99 },
      yearly: { price: 99.99 },
    };
    expect(await admin('POST', 'subscription-plans', adminToken, plan)).toMatchObject({ status: 201, body: { success: true } });
    expect(await admin('PUT', `subscription-plans/${planId}`, adminToken, { name: 'Team Plus' })).toMatchObject({ status: 200 });
    expect(await admin('PUT', `subscription-plans/${planId}/monthly`, adminToken, { price: 19.99 })).toMatchObject({ status: 200 });
    const listed = (await admin('GET', 'subscription-plans', adminToken)).body.plans[planId];
    expect(listed).toMatchObject({
      name: 'Team Plus',
      levelType: 'vip',
      features: ['One', 'Two'],
      monthly: { price: 19.99 },
      yearly: { price: 99.99 },
    });
    const publicPlans = JSON.stringify((await api('GET', '/api/subscriptions/plans')).body);
    expect(publicPlans).toContain('Team Plus');
    expect(await admin('DELETE', `subscription-plans/${planId}`, adminToken)).toMatchObject({ status: 200 });
    expect(JSON.stringify((await api('GET', '/api/subscriptions/plans')).body)).not.toContain('Team Plus');
    expect((await admin('PUT', `subscription-plans/${planId}/weekly`, adminToken, { price: 1 })).status).toBe(400);
  });

  it('manages user levels; free and vip cannot be deleted (409)', async () => {
    const levels = await admin('GET', 'user-levels', adminToken);
    expect(levels.status).toBe(200);
    expect(Object.keys(levels.body.levels)).toEqual(expect.arrayContaining(['free', 'vip', 'premium']));
    const edited = await admin('PUT', 'user-levels/premium', adminToken, { dailyCredits: 31, description: 'For professionals' });
    expect(edited).toMatchObject({ status: 200, body: { message: 'User level updated successfully', level: { dailyCredits: 31 } } });
    const again = await admin('POST', 'user-levels', adminToken, { levelType: 'premium', name: 'Premium', dailyCredits: 1 });
    expect(again.status).toBe(409);
    expect((await admin('POST', 'user-levels', adminToken, { levelType: 'gold', name: 'Gold', dailyCredits: -1 })).status).toBe(400);
    for (const builtIn of ['free', 'vip']) {
      const refused = await admin('DELETE', `user-levels/${builtIn}`, adminToken);
      expect({ builtIn, status: refused.status }).toEqual({ builtIn, status: 409 });
    }
  });

  it("records every analysis' exchange for the AI results, stats, diagnostic and test-save; shows and clears the cache", async () => {
    const started = await api('POST', '/api/analyze-stocks', user.token, { symbol: 'AAPL' });
    expect(started.status).toBe(202);
    const analysisId = started.body.analysis_id ?? started.body.analysisId;
    await waitFor(
      'the analysis to finish',
      async () => (await api('GET', `/api/analysis/${analysisId}`, user.token)).body.status === 'completed',
      EVENTUALLY_MS * 3,
    );

    const results = await admin('GET', 'perplexity-results?page=1&limit=20', adminToken);
    expect(results.body).toMatchObject({ page: 1, totalPages: expect.any(Number), totalCount: expect.any(Number) });
    const mine = results.body.results.filter((r: Body) => r.analysis_id === analysisId);
    expect(mine.map((r: Body) => r.purpose).sort()).toEqual(['business', 'summary']);
    const detail = await admin('GET', `perplexity-results/${mine[0].id}`, adminToken);
    expect(detail.body.result).toMatchObject({
      symbol: 'AAPL',
      market: 'US',
      prompt: expect.any(String),
      response: expect.any(String),
      token_usage: { prompt_tokens: expect.any(Number), completion_tokens: expect.any(Number), total_tokens: expect.any(Number) },
    });
    expect(mine.map((r: Body) => r.provider)).toEqual([shape().exchangesBy, shape().exchangesBy]);
    expect(detail.body.result.full_conversation.map((m: Body) => m.role)).toEqual(['system', 'user', 'assistant']);

    const stats = await admin('GET', 'perplexity-stats', adminToken);
    expect(stats.body.total.total_requests).toBeGreaterThanOrEqual(2);
    expect(stats.body.total).toMatchObject({ unique_symbols: expect.any(Number), unique_users: expect.any(Number) });
    expect(stats.body.daily).toHaveLength(7);
    expect(stats.body.daily[0].daily_count).toBeGreaterThanOrEqual(2);
    expect((await admin('GET', 'perplexity-diagnostic', adminToken)).body).toMatchObject({ exists: true, size: expect.any(Number) });
    expect((await admin('GET', 'perplexity-diagnostic', adminToken)).body.recordsTotal).toBeGreaterThanOrEqual(2);
    expect((await admin('POST', 'test-perplexity-save', adminToken)).body.verification).toBe('SUCCESS');
    expect((await admin('DELETE', `perplexity-results/${mine[0].id}`, adminToken)).status).toBe(200);
    expect((await admin('GET', `perplexity-results/${mine[0].id}`, adminToken)).status).toBe(404);

    const prompts = await admin('GET', 'prompts', adminToken);
    expect(prompts.body.models).toMatchObject({ current: expect.any(String), available: expect.any(Array) });
    expect(prompts.body.systemPrompts[0]).toMatchObject({ id: expect.any(String), name: expect.any(String), template: expect.any(String) });

    const cache = await admin('GET', 'cache', adminToken);
    expect(cache.body.entries).toContainEqual(expect.objectContaining({ symbol: 'AAPL', ageHours: expect.any(Number), isExpired: false }));
    expect(await admin('DELETE', 'cache/AAPL', adminToken)).toMatchObject({ status: 200, body: { success: true } });
    expect((await admin('DELETE', 'cache/AAPL', adminToken)).status).toBe(404);
    expect(await admin('DELETE', 'cache', adminToken)).toMatchObject({ status: 200, body: { success: true } });

    const counted = await waitFor(
      'the analysis in the stats',
      async () => {
        const res = await admin('GET', 'stats', adminToken);
        return res.body.stats.analyses.completed >= 1 && res.body.stats;
      },
      EVENTUALLY_MS,
    );
    expect(counted.analyses.today).toBeGreaterThanOrEqual(1);
    const attempt = await waitFor(
      'the analysis attempt in the activity log',
      async () => {
        const res = await admin('GET', 'user-activities?type=analysis_attempt&limit=100', adminToken);
        return res.body.activities.find((a: Body) => a.details.analysisId === analysisId) as Body | undefined;
      },
      EVENTUALLY_MS,
    );
    expect(attempt).toMatchObject({ status: 'success', userId: user.id, details: { symbol: 'AAPL' } });
  });

  it('records refused analysis starts (no credits, no market data, not analysable) as failed analysis attempts with the reason', async () => {
    const member = await register('refused');
    await listed(adminToken, member.email);
    expect((await admin('PUT', `members/${member.id}`, adminToken, { credits: 0, reason: 'refusal test' })).status).toBe(200);
    const starts = [
      ['AAPL', 402, 'INSUFFICIENT_CREDITS'],
      ['2800.HK', 422, 'NOT_ANALYSABLE'],
      ['PFBC', 422, 'NO_MARKET_DATA'],
    ] as const;
    const answers: Record<string, string> = {};
    for (const [symbol, status, code] of starts) {
      const res = await api('POST', '/api/analyze-stocks', member.token, { symbol });
      expect({ symbol, status: res.status, code: res.body.code }).toEqual({ symbol, status, code });
      answers[code] = res.body.error;
    }
    const attempts = await waitFor(
      'the refused starts in the activity log',
      async () => {
        const res = await admin('GET', 'user-activities?type=analysis_attempt&limit=100', adminToken);
        const mine = (res.body.activities as Body[]).filter((a) => a.userId === member.id);
        return mine.length === starts.length && mine;
      },
      EVENTUALLY_MS,
    );
    expect(attempts.map((a) => [a.status, a.details.symbol, a.details.code, a.details.reason]).sort()).toEqual(
      starts.map(([symbol, , code]) => ['failed', symbol, code, answers[code]]).sort(),
    );
    expect(attempts[0]).toMatchObject({ user: { email: member.email } });
    const stats = await admin('GET', 'activity-stats?timeframe=30d', adminToken);
    const analysisStats = (stats.body.stats as Body[]).find((s) => s._id === 'analysis_attempt');
    expect(analysisStats?.statuses).toContainEqual({ status: 'failed', count: expect.any(Number) });
  });

  it("draws the dashboard chart's days: 30 UTC days to today, revenue per currency equal to the completed payments, the analyses", async () => {
    const completed = (await admin('GET', 'payments?page=1&limit=100&status=completed', adminToken)).body.payments as Body[];
    const expected = new Map<string, number>();
    for (const p of completed) expected.set(p.currency, (expected.get(p.currency) ?? 0) + p.amount);
    expect(expected.size).toBeGreaterThanOrEqual(1);
    const byCurrency = (days: Body[]) => {
      const sums = new Map<string, number>();
      for (const d of days) for (const r of d.revenue) sums.set(r.currency, (sums.get(r.currency) ?? 0) + r.amount);
      return new Map([...sums].map(([c, a]) => [c, Math.round(a * 100) / 100]));
    };
    // The activity log follows billing's events: wait until it holds every completed payment.
    const days = await waitFor(
      'the payments in the daily figures',
      async () => {
        const res = await admin('GET', 'stats/daily?days=30', adminToken);
        const sums = byCurrency(res.body.days);
        return [...expected].every(([c, a]) => sums.get(c) === Math.round(a * 100) / 100) && (res.body.days as Body[]);
      },
      EVENTUALLY_MS,
    );
    expect(byCurrency(days)).toEqual(new Map([...expected].map(([c, a]) => [c, Math.round(a * 100) / 100])));
    expect(days).toHaveLength(30);
    expect(days[29]?.date).toBe(new Date().toISOString().slice(0, 10));
    for (let i = 1; i < days.length; i++) expect(Date.parse(days[i]?.date) - Date.parse(days[i - 1]?.date)).toBe(86_400_000);
    expect(days.reduce((n: number, d: Body) => n + d.payments, 0)).toBe(completed.length);
    const stats = (await admin('GET', 'stats', adminToken)).body.stats;
    expect(days.reduce((n: number, d: Body) => n + d.analyses, 0)).toBe(stats.analyses.total);
    expect(days.reduce((n: number, d: Body) => n + d.completedAnalyses, 0)).toBe(stats.analyses.completed);

    expect((await admin('GET', 'stats/daily?days=0', adminToken)).body.error).toMatch(/^days: must be at least 1/);
    expect((await admin('GET', 'stats/daily?days=0', adminToken)).status).toBe(400);
    expect((await admin('GET', 'stats/daily', user.token)).status).toBe(403);
    expect((await api('GET', '/api/admin/stats/daily')).status).toBe(401);
  });

  it('lists the activities and their 30-day stats, logins and admin actions among them', async () => {
    const list = await admin('GET', 'user-activities?page=1&limit=20', adminToken);
    expect(list.body).toMatchObject({ page: 1, totalPages: expect.any(Number), total: expect.any(Number) });
    expect(list.body.activities.length).toBeLessThanOrEqual(20);
    expect(list.body.activities[0]).toMatchObject({
      _id: expect.any(String),
      timestamp: expect.any(String),
      activityType: expect.any(String),
      status: expect.stringMatching(/^(success|failed)$/),
      user: expect.objectContaining({ email: expect.any(String) }),
    });
    const stats = await admin('GET', 'activity-stats?timeframe=30d', adminToken);
    const byType = Object.fromEntries(stats.body.stats.map((s: Body) => [s._id, s]));
    expect(byType.login.statuses).toContainEqual({ status: 'success', count: expect.any(Number) });
    expect(byType.admin_action.total).toBeGreaterThanOrEqual(5);
    expect((await admin('GET', 'activity-stats?timeframe=forever', adminToken)).status).toBe(400);
  });

  it('checks the role auth holds now: a promoted member gets in with a new login, a demoted one is refused at once', async () => {
    const other = await register('deputy');
    await listed(adminToken, other.email);
    expect(await admin('PUT', `members/${other.id}`, adminToken, { role: 'admin' })).toMatchObject({
      status: 200,
      body: { member: { role: 'admin' } },
    });
    const deputy = (await login(other.email, 'secret123')).body.token as string;
    expect((await admin('GET', 'stats', deputy)).status).toBe(200);
    expect((await admin('PUT', `members/${other.id}`, adminToken, { role: 'user' })).status).toBe(200);
    const refused = await call(shape().adminServiceUrl, 'GET', '/api/admin/stats', deputy);
    expect(refused).toMatchObject({ status: 403, body: { error: 'Admin access required' } });
  });

  it('deletes a member at once everywhere, but never the admin themselves', async () => {
    const self = await admin('DELETE', `members/${adminId}`, adminToken);
    expect(self.status).toBe(400);
    const gone = await register('leaver');
    await listed(adminToken, gone.email);
    expect(await admin('DELETE', `members/${gone.id}`, adminToken)).toMatchObject({ status: 200, body: { success: true } });
    expect((await api('GET', '/api/auth/verify', gone.token)).status).toBe(401);
    expect((await api('GET', '/api/users/credits', gone.token)).status).toBe(401);
    expect((await api('GET', '/api/users/analysis-history', gone.token)).status).toBe(401);
    expect((await login(gone.email, 'secret123')).status).toBe(401);
    const search = await admin('GET', `members?search=${encodeURIComponent(gone.email)}`, adminToken);
    expect(search.body.members).toEqual([]);
    expect((await admin('DELETE', `members/${gone.id}`, adminToken)).status).toBe(404);
  });
}

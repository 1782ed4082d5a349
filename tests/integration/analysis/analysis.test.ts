import { randomUUID } from 'node:crypto';
import { signAccessToken } from '@stockai/platform';
import { waitFor } from '@stockai/platform/src/testing';
import { type AnalysisStack, apiClient, expectAaplGrowthReport, followProgress, registerUser, startAnalysisStack } from './analysis-stack';

jest.setTimeout(120_000);

/**
 * The analysis flow through the gateway with auth, billing and analysis (one in-process worker)
 * on the real PostgreSQL, RabbitMQ and Redis: start, follow, read, pay once; refusals that cost
 * nothing; owners only; the result cache and its admin routes.
 */
describe('analysis through the gateway', () => {
  let stack: AnalysisStack;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 1 });
    api = apiClient(stack.gatewayUrl);
  });

  afterAll(async () => {
    stack?.ai.release();
    await stack?.close();
  });

  const credits = async (token: string) =>
    (await api('GET', '/api/users/credits', { token })).body as { totalCredits: number; dailyCredits: number };
  const analysisOf = (id: string, token: string) => api('GET', `/api/analysis/${id}?t=${Date.now()}`, { token });
  const completed = (id: string, token: string) =>
    waitFor(
      'the analysis to finish',
      async () => {
        const res = await analysisOf(id, token);
        return res.body.status !== 'processing' && res.body;
      },
      30_000,
    );
  const eventsOf = (type: string, analysisId: string) =>
    stack.events.filter(
      (e) =>
        e.type === type &&
        ((e.data as { analysisId?: string; reference?: string }).analysisId === analysisId ||
          (e.data as { reference?: string }).reference === `analysis:${analysisId}`),
    );

  it('starts an analysis, streams its progress to 100, shows its report, and debits one credit once', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    stack.ai.hold();
    const started = await api('POST', '/api/analysis/analyze/aapl', {
      token,
      body: { userProfile: { riskProfile: 'growth', riskScore: 15 } },
    });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;
    expect(id).toMatch(/^[0-9a-f-]{36}$/);

    // The job waits on the AI provider in the business stage: market data and valuation are done
    // (the row says so within the job's progress write gap, 250 ms).
    await stack.ai.waitHeld();
    const midway = await waitFor('the valuation stage written', async () => {
      const res = await analysisOf(id, token);
      return res.body.progress === 40 && res;
    });
    expect(midway.body).toMatchObject({
      id,
      symbol: 'AAPL',
      status: 'processing',
      progress: 40,
      stage: 2,
      message: '計算財務指標與估值模型',
      error: null,
      completedAt: null,
    });
    expect(midway.body.results).toBeUndefined();
    expect(midway.headers.get('cache-control')).toContain('no-cache');

    let sawFirst: () => void = () => undefined;
    const first = new Promise<void>((resolve) => (sawFirst = resolve));
    const streamed = followProgress(`${stack.gatewayUrl}/api/analysis/${id}/events`, token, () => sawFirst());
    await first;
    stack.ai.release();
    const events = await streamed;
    // Every stage reaches the stream, pushed by the job as it happens: the last three follow one
    // another within a few milliseconds, too fast for the row (written at most every 250 ms) or
    // a 200 ms poll of it to show them.
    expect(events.map((e) => e.progress)).toEqual([40, 60, 80, 95, 100]);
    expect(events.map((e) => e.stage)).toEqual([2, 3, 4, 4, 5]);
    expect(events.at(-1)).toMatchObject({ status: 'completed', stage: 5, message: '分析完成，正在載入結果' });

    const report = await analysisOf(id, token);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ id, symbol: 'AAPL', status: 'completed', progress: 100, error: null, investorType: 'growth' });
    expect(Date.parse(report.body.completedAt)).toBeGreaterThanOrEqual(Date.parse(report.body.createdAt));
    expectAaplGrowthReport(report.body.results);

    const polled = await api('POST', '/api/analyze-polling', { token, body: { analysis_id: id } });
    expect(polled.body).toMatchObject({ id, status: 'completed', progress: 100 });

    expect(await credits(token)).toMatchObject({ totalCredits: 2, dailyCredits: 2 });
    await waitFor('the completion event', () => eventsOf('analysis.completed', id).length === 1);
    expect(eventsOf('analysis.requested', id)).toHaveLength(1);
    expect(eventsOf('credit.debited', id)).toHaveLength(1);

    const history = await api('GET', '/api/users/analysis-history?page=1&limit=10&symbol=aap', { token });
    expect(history.body).toMatchObject({
      total: 1,
      totalPages: 1,
      analyses: [expect.objectContaining({ id, symbol: 'AAPL', status: 'completed' })],
    });
    // The list leaves the reports out: a report is read by its id.
    expect(history.body.analyses[0]).not.toHaveProperty('results');
    expect((await api('GET', '/api/users/analysis-history?status=failed', { token })).body).toMatchObject({
      total: 0,
      totalPages: 0,
      analyses: [],
    });
    expect((await api('GET', '/api/users/analysis-history?status=running', { token })).body).toMatchObject({ total: 0 });
    for (const status of ['nonsense', 'constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      expect((await api('GET', `/api/users/analysis-history?status=${status}`, { token })).status).toBe(400);
    }
    expect((await api('GET', '/api/users/stats', { token })).body).toMatchObject({
      totalAnalyses: 1,
      completedAnalyses: 1,
      failedAnalyses: 0,
      todayAnalyses: 1,
      topSymbols: [{ symbol: 'AAPL', count: 1 }],
    });
  });

  it('refuses a second start of a running symbol with the running analysis, charging once', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    stack.ai.hold();
    const first = await api('POST', '/api/analysis/analyze/MSFT', { token, body: {} });
    expect(first.status).toBe(202);
    const again = await api('POST', '/api/analyze-stocks', { token, body: { symbol: 'msft' } });
    expect(again).toMatchObject({ status: 409, body: { code: 'ANALYSIS_RUNNING', analysisId: first.body.analysisId } });
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
    stack.ai.release();
    expect(await completed(first.body.analysisId, token)).toMatchObject({ status: 'completed' });
    const next = await api('POST', '/api/analyze-stocks', { token, body: { symbol: 'msft' } });
    expect(next.status).toBe(202);
    expect(await completed(next.body.analysisId, token)).toMatchObject({ status: 'completed', fromCache: true });
    expect(await credits(token)).toMatchObject({ totalCredits: 1 });
  });

  it('lets one of two simultaneous starts of a symbol run and charges only that one', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    const both = await Promise.all([1, 2].map(() => api('POST', '/api/analysis/analyze/NVDA', { token, body: {} })));
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const winner = both.find((r) => r.status === 202)?.body.analysisId as string;
    expect(both.find((r) => r.status === 409)?.body.analysisId).toBe(winner);
    expect(await completed(winner, token)).toMatchObject({ status: 'completed' });
    // The running slot is taken before billing is asked: the loser is never charged.
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
    expect(stack.events.filter((e) => e.type === 'credit.debited' && (e.data as { userId: string }).userId === userId)).toHaveLength(1);
    expect((await api('GET', '/api/users/analysis-history', { token })).body.total).toBe(1);
  });

  it('answers a double click with one credit left with 202 and 409, never 402', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    for (const n of [1, 2]) {
      const spent = await fetch(`${stack.billing.url}/internal/credits/debit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId, amount: 1, reference: `test-spend:${userId}:${n}` }),
      });
      expect(spent.status).toBe(200);
    }
    expect(await credits(token)).toMatchObject({ totalCredits: 1 });
    stack.ai.hold();
    const both = await Promise.all([1, 2].map(() => api('POST', '/api/analysis/analyze/MSFT', { token, body: {} })));
    expect(both.map((r) => r.status).sort()).toEqual([202, 409]);
    const winner = both.find((r) => r.status === 202)?.body.analysisId as string;
    expect(both.find((r) => r.status === 409)?.body).toMatchObject({ code: 'ANALYSIS_RUNNING', analysisId: winner });
    expect(await credits(token)).toMatchObject({ totalCredits: 0 });
    stack.ai.release();
    expect(await completed(winner, token)).toMatchObject({ status: 'completed' });
  });

  it('makes one analysis and one debit of two simultaneous first starts with the same Idempotency-Key', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const key = { 'idempotency-key': randomUUID() };
    const both = await Promise.all([1, 2].map(() => api('POST', '/api/analysis/analyze/MSFT', { token, body: {}, headers: key })));
    expect(both.map((r) => r.status)).toEqual([202, 202]);
    const id = both[0]?.body.analysisId as string;
    expect(both[1]?.body.analysisId).toBe(id);
    expect(await completed(id, token)).toMatchObject({ status: 'completed' });
    await waitFor('the debit event', () => eventsOf('credit.debited', id).length > 0);
    expect(eventsOf('credit.debited', id)).toHaveLength(1);
    expect(eventsOf('analysis.requested', id)).toHaveLength(1);
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
  });

  it('charges a start retried with the same Idempotency-Key once and answers it with the same analysis', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const key = { 'idempotency-key': `retry-${randomUUID()}` };
    stack.ai.hold();
    const first = await api('POST', '/api/analysis/analyze/AAPL', { token, body: {}, headers: key });
    expect(first.status).toBe(202);
    const id = first.body.analysisId as string;
    const retried = await Promise.all([1, 2].map(() => api('POST', '/api/analysis/analyze/aapl', { token, body: {}, headers: key })));
    for (const res of retried) expect(res).toMatchObject({ status: 202, body: { analysisId: id } });
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
    stack.ai.release();
    expect(await completed(id, token)).toMatchObject({ status: 'completed' });
    // After it finished, the same key still names the same analysis and charges nothing more.
    expect(await api('POST', '/api/analysis/analyze/AAPL', { token, body: {}, headers: key })).toMatchObject({
      status: 202,
      body: { analysisId: id },
    });
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
    expect(eventsOf('credit.debited', id)).toHaveLength(1);
    expect(eventsOf('analysis.requested', id)).toHaveLength(1);

    // Another user's identical key is another analysis; a key reused for another symbol, or a bad key, is refused.
    const other = await registerUser(stack.gatewayUrl);
    const theirs = await api('POST', '/api/analysis/analyze/AAPL', { token: other.token, body: {}, headers: key });
    expect(theirs.status).toBe(202);
    expect(theirs.body.analysisId).not.toBe(id);
    expect(await api('POST', '/api/analysis/analyze/MSFT', { token, body: {}, headers: key })).toMatchObject({
      status: 422,
      body: { code: 'IDEMPOTENCY_KEY_REUSED' },
    });
    expect(
      await api('POST', '/api/analysis/analyze/MSFT', { token, body: {}, headers: { 'idempotency-key': 'x'.repeat(201) } }),
    ).toMatchObject({
      status: 400,
      body: { error: expect.stringContaining('Idempotency-Key') },
    });
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });
    await completed(theirs.body.analysisId, other.token);
  });

  it('serves a cached symbol at once for its credit, with advice for the new user, and lets admins manage the cache', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    const started = await api('POST', '/api/analysis/analyze/AAPL', { token, body: { userProfile: { riskScore: 3 } } });
    expect(started.status).toBe(202);
    const report = await completed(started.body.analysisId, token);
    expect(report).toMatchObject({ status: 'completed', fromCache: true, investorType: 'conservative' });
    expect(report.results.suggestions).toMatchObject({ userType: 'conservative' });
    expect(report.results.suggestions.byInvestorType[0]).toMatchObject({ investorType: 'conservative', highlighted: true });
    expect(await credits(token)).toMatchObject({ totalCredits: 2 });

    const admin = signAccessToken(stack.auth.keys.privateKey, { id: randomUUID(), role: 'admin' }, 600).token;
    const internal = (method: string, path: string, bearer: string) =>
      fetch(`${stack.analysis.url}${path}`, { method, headers: { authorization: `Bearer ${bearer}` } }).then(async (r) => ({
        status: r.status,
        body: (await r.json()) as Record<string, unknown>,
      }));
    expect((await internal('GET', '/internal/admin/cache', token)).status).toBe(403);
    const listed = await internal('GET', '/internal/admin/cache', admin);
    expect(listed.body).toMatchObject({ totalEntries: 3, validEntries: 3, expiredEntries: 0, ttlHours: 6 });
    expect(listed.body.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ symbol: 'AAPL', isExpired: false, ageHours: expect.any(Number) }),
        expect.objectContaining({ symbol: 'MSFT' }),
      ]),
    );
    expect((await internal('GET', '/internal/admin/cache/stats', admin)).body).toEqual({
      totalEntries: 3,
      validEntries: 3,
      expiredEntries: 0,
    });

    // An entry older than the TTL is counted as expired and not used. It is written behind the
    // service's back, for a symbol it has not read (a process reuses what it read for a few
    // seconds): MSFT's figures, seven hours old, under KO.
    await stack.analysisDb.query(
      `INSERT INTO analysis_result_cache (symbol, market_data, sector_medians, valuation, cached_at)
       SELECT 'KO', market_data, sector_medians, valuation, now() - interval '7 hours' FROM analysis_result_cache WHERE symbol = 'MSFT'`,
    );
    expect((await internal('GET', '/internal/admin/cache/stats', admin)).body).toEqual({
      totalEntries: 4,
      validEntries: 3,
      expiredEntries: 1,
    });
    const fresh = await api('POST', '/api/analysis/analyze/KO', { token, body: {} });
    expect(await completed(fresh.body.analysisId, token)).toMatchObject({
      status: 'completed',
      fromCache: false,
      results: { basic: { symbol: 'KO' } },
    });

    expect(await internal('DELETE', '/internal/admin/cache/aapl', admin)).toMatchObject({
      status: 200,
      body: { success: true, symbol: 'AAPL' },
    });
    expect((await internal('DELETE', '/internal/admin/cache/aapl', admin)).status).toBe(404);
    expect(await internal('DELETE', '/internal/admin/cache', admin)).toMatchObject({ status: 200, body: { success: true, cleared: 3 } });
    expect((await internal('GET', '/internal/admin/cache/stats', admin)).body).toEqual({
      totalEntries: 0,
      validEntries: 0,
      expiredEntries: 0,
    });
    expect(userId).toBeTruthy();
  });

  it("answers 404 for another user's analysis, on every route that shows one", async () => {
    const owner = await registerUser(stack.gatewayUrl);
    const other = await registerUser(stack.gatewayUrl);
    const started = await api('POST', '/api/analysis/analyze/0700.hk', { token: owner.token, body: {} });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;
    expect((await analysisOf(id, other.token)).status).toBe(404);
    expect((await api('GET', `/api/analysis/${id}/events`, { token: other.token })).status).toBe(404);
    expect((await api('POST', '/api/analyze-polling', { token: other.token, body: { analysis_id: id } })).status).toBe(404);
    expect((await api('GET', '/api/users/analysis-history', { token: other.token })).body.total).toBe(0);
    expect((await analysisOf(randomUUID(), owner.token)).status).toBe(404);
    expect((await analysisOf('not-an-id', owner.token)).status).toBe(404);
    expect((await analysisOf(id, '')).status).toBe(401);
    expect(await completed(id, owner.token)).toMatchObject({ symbol: '0700.HK', status: 'completed' });
  });

  it('refuses unknown and not-analysable symbols before charging, and an empty balance with 402', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const unknown = await api('POST', '/api/analysis/analyze/ZZZZZQ', { token, body: {} });
    expect(unknown).toMatchObject({ status: 404, body: { code: 'UNKNOWN_SYMBOL' } });
    const etf = await api('POST', '/api/analysis/analyze/2800.HK', { token, body: {} });
    expect(etf).toMatchObject({
      status: 422,
      body: { code: 'NOT_ANALYSABLE', symbol: '2800.HK', isActive: false, status: 'unsuitable_product', reason: expect.any(String) },
    });
    expect(etf.body.error).toBe(etf.body.reason);
    // A listed company the bundled market data has no figures for: no_data, refused before any debit.
    const status = await api('GET', '/api/stocks/status/PFBC', { token });
    expect(status.body).toMatchObject({
      symbol: 'PFBC',
      isActive: false,
      status: 'no_data',
      reason: expect.stringContaining('暫無足夠財務數據'),
    });
    const noData = await api('POST', '/api/analysis/analyze/PFBC', { token, body: {} });
    expect(noData).toMatchObject({ status: 422, body: { code: 'NO_MARKET_DATA', error: expect.stringContaining('暫無足夠財務數據') } });
    expect((await api('POST', '/api/analyze-stocks', { token, body: { symbol: 'pfbc' } })).status).toBe(422);
    expect(await credits(token)).toMatchObject({ totalCredits: 3 });
    expect((await api('POST', '/api/analyze-stocks', { token, body: {} })).status).toBe(400);

    const ids: string[] = [];
    for (const symbol of ['AAPL', 'MSFT', '0700.HK']) {
      const res = await api('POST', `/api/analysis/analyze/${symbol}`, { token, body: {} });
      expect(res.status).toBe(202);
      ids.push(res.body.analysisId);
    }
    const broke = await api('POST', '/api/analysis/analyze/NVDA', { token, body: {} });
    expect(broke).toMatchObject({ status: 402, body: { error: 'Insufficient credits' } });
    for (const id of ids) await completed(id, token);
    expect((await api('GET', '/api/users/analysis-history', { token })).body).toMatchObject({ total: 3 });
    expect((await api('GET', '/api/users/analysis-history?symbol=NVDA', { token })).body).toMatchObject({ total: 0 });
  });

  it('pages a history of 11 analyses 10 at a time and narrows it by status and symbol', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    const started = await api('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
    expect(started.status).toBe(202);
    const newest = started.body.analysisId as string;
    expect(await completed(newest, token)).toMatchObject({ status: 'completed' });
    // Ten older analyses, written as the workers leave them: starting 11 through the API would
    // take 11 credits and pass the limit of starts per minute.
    const older = ['MSFT', 'MSFT', '0700.HK', '0700.HK', '0700.HK', 'NVDA', 'NVDA', 'AAPL', 'MSFT', '0005.HK'].map((symbol, i) => ({
      id: randomUUID(),
      symbol,
      status: i % 3 === 2 ? 'failed' : 'completed',
      minutesAgo: 10 * (i + 1),
    }));
    for (const a of older) {
      await stack.analysisDb.query(
        `INSERT INTO analyses (id, user_id, symbol, status, progress, message, error, created_at, queued_at, updated_at, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now() - make_interval(mins => $8), now() - make_interval(mins => $8), now(), now() - make_interval(mins => $8))`,
        [
          a.id,
          userId,
          a.symbol,
          a.status,
          a.status === 'failed' ? 20 : 100,
          a.status,
          a.status === 'failed' ? 'market data unavailable' : null,
          a.minutesAgo,
        ],
      );
    }
    type History = { analyses: Array<{ id: string; symbol: string; status: string }>; total: number; totalPages: number; page: number };
    const history = async (query: string) => (await api('GET', `/api/users/analysis-history${query}`, { token })).body as History;

    const first = await history('');
    expect(first).toMatchObject({ total: 11, totalPages: 2, page: 1 });
    expect(first.analyses.map((a) => a.id)).toEqual([newest, ...older.slice(0, 9).map((a) => a.id)]);
    const second = await history('?page=2');
    expect(second).toMatchObject({ total: 11, totalPages: 2, page: 2 });
    expect(second.analyses.map((a) => a.id)).toEqual([older[9]?.id]);
    expect((await history('?page=3')).analyses).toEqual([]);

    const failed = await history('?status=failed');
    expect(failed).toMatchObject({ total: 3, totalPages: 1 });
    expect(failed.analyses.map((a) => [a.symbol, a.status])).toEqual([
      ['0700.HK', 'failed'],
      ['NVDA', 'failed'],
      ['MSFT', 'failed'],
    ]);
    expect(await history('?status=completed')).toMatchObject({ total: 8, totalPages: 1 });
    const hk = await history('?symbol=0700');
    expect(hk.analyses.map((a) => a.symbol)).toEqual(['0700.HK', '0700.HK', '0700.HK']);
    expect(await history('?symbol=msft&status=failed')).toMatchObject({
      total: 1,
      analyses: [expect.objectContaining({ symbol: 'MSFT', status: 'failed' })],
    });
    expect(await history('?symbol=aapl&limit=1&page=2')).toMatchObject({
      total: 2,
      totalPages: 2,
      analyses: [expect.objectContaining({ id: older[7]?.id })],
    });
  });

  it('limits how many analyses a user starts in a minute', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    for (let i = 0; i < 10; i++) expect((await api('POST', '/api/analysis/analyze/ZZZZZQ', { token, body: {} })).status).toBe(404);
    const limited = await api('POST', '/api/analyze-stocks', { token, body: { symbol: 'AAPL' } });
    expect(limited).toMatchObject({ status: 429, body: { code: 'RATE_LIMITED' } });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await credits(token)).toMatchObject({ totalCredits: 3 });
    const other = await registerUser(stack.gatewayUrl);
    expect((await api('POST', '/api/analysis/analyze/ZZZZZQ', { token: other.token, body: {} })).status).toBe(404);
  });
});

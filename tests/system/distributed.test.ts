/**
 * System test: the distributed shape as separate processes (gateway, five services and an
 * analysis worker) against the real PostgreSQL, RabbitMQ and Redis, driven through the
 * gateway. The external services are local stand-ins speaking their HTTP protocols: the AI
 * chat API (which can hold its answers, to catch an analysis between stages) and Ghost.
 */
import { gunzipSync } from 'node:zlib';
import { Pool } from 'pg';
import { uniqueName, waitFor } from '@stockai/platform/src/testing';
import { ProcessGroup, SERVICES, distributedProcesses } from '../../deploy/distributed';
import { JOBS_QUEUE } from '../../services/analysis/src/analyses/jobs';
import { type ChatStandIn, expectAaplGrowthReport, followProgress, startChatStandIn } from '../integration/analysis/analysis-stack';
import { type DistributedRun, prepareDistributedRun } from '../support/distributed-run';
import { freePort, freePortBlock } from '../support/gateway';
import { type GhostStandIn, sampleGhostPosts, startGhostStandIn } from '../support/ghost-stand-in';
import { rawGet } from '../support/raw-get';

/** How long an event may take to cross the bus and be consumed. */
const EVENTUALLY_MS = 30_000;

jest.setTimeout(240_000);

/** A Ghost post about Apple, for the blog search of the analysis page. */
const APPLE_POST = {
  id: '6650a1f0c2d4e10001a0b0a1',
  slug: 'apple-services-growth',
  title: 'Apple（AAPL）服務收入的增長',
  html: '<p>蘋果公司（AAPL）的服務收入持續增長，App Store 與 iCloud 帶來穩定的現金流。</p>',
  published_at: '2026-10-22T08:00:00.000Z',
  reading_time: 3,
  tags: [{ id: 'tag-us-stocks', name: '美股', slug: 'us-stocks' }],
};

describe('distributed system through the gateway', () => {
  let group: ProcessGroup;
  let base: string;
  const logs: string[] = [];
  let run: DistributedRun;
  let ai: ChatStandIn;
  let ghost: GhostStandIn;

  const api = async (
    method: string,
    path: string,
    options: { token?: string; body?: unknown; raw?: string; headers?: Record<string, string> } = {},
  ) => {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined || options.raw !== undefined) headers['content-type'] ??= 'application/json';
    const res = await fetch(`${base}${path}`, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await res.text();
    return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
  };

  beforeAll(async () => {
    run = await prepareDistributedRun('sys');
    // The stand-ins listen first, so the ports picked below cannot be handed to them.
    [ai, ghost] = await Promise.all([startChatStandIn(), startGhostStandIn({ posts: [...sampleGhostPosts(), APPLE_POST] })]);
    const gatewayPort = await freePort();
    const servicePortBase = await freePortBlock(40);
    const env = {
      ...run.env,
      LLM_API_KEY: 'stand-in-key',
      LLM_BASE_URL: ai.url,
      LLM_MODEL: 'stand-in',
      GHOST_URL: ghost.url,
      GHOST_CONTENT_API_KEY: ghost.contentApiKey,
      // Start-up steps log at info: if a process is not ready in time, its log says how far it got.
      LOG_LEVEL: 'info',
    };
    const metricsPortBase = servicePortBase + 20;
    group = new ProcessGroup(distributedProcesses({ gatewayPort, servicePortBase, metricsPortBase, env }), (name, line) =>
      logs.push(`${name} | ${line}`),
    );
    base = `http://127.0.0.1:${gatewayPort}`;
    group.startAll();
    // Seven Node processes compile and start at once: seconds on an idle machine, but over a
    // minute on two cores shared with a browser test and other suites (measured: 72 s).
    await group.waitAllReady(160_000).catch((err) => {
      throw new Error(`${err.message}\n${logs.slice(-80).join('\n')}`);
    });
  });

  afterAll(async () => {
    ai?.release();
    await group?.stopAll();
    await run?.cleanUp();
    await Promise.all([ai?.close(), ghost?.close()]);
  });

  /** Registers a user through the gateway and waits for billing to open their account. */
  const newUser = async (name: string) => {
    const registered = await api('POST', '/api/auth/register', {
      body: { email: `${uniqueName(name)}@example.com`, password: 'secret123', firstName: 'Ka Ho', lastName: 'Chan' },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;
    await waitFor('the credit account', async () => (await api('GET', '/api/users/credits', { token })).status === 200, EVENTUALLY_MS);
    return token;
  };
  const creditsOf = async (token: string) =>
    (await api('GET', '/api/users/credits', { token })).body as { totalCredits: number; paidCredits: number; dailyCredits: number };
  const analysisOf = (id: string, token: string) => api('GET', `/api/analysis/${id}`, { token });
  const finished = (id: string, token: string) =>
    waitFor(
      'the analysis to finish',
      async () => {
        const res = await analysisOf(id, token);
        return res.body.status !== 'processing' && res.body;
      },
      EVENTUALLY_MS,
    );

  it('registers, verifies, opens a credit account, logs in and out', async () => {
    const email = `${uniqueName('amy')}@example.com`;
    const registered = await api('POST', '/api/auth/register', {
      body: { email: `  ${email.toUpperCase()} `, password: 'secret123', firstName: 'Amy', lastName: 'Chan' },
    });
    expect(registered.status).toBe(201);
    expect(registered.body.user).toMatchObject({
      email: email.toUpperCase(),
      firstName: 'Amy',
      lastName: 'Chan',
      role: 'user',
      level: 'free',
    });
    expect(registered.body.user).not.toHaveProperty('password_hash');
    const token = registered.body.token as string;

    const verified = await api('GET', '/api/auth/verify', { token });
    expect(verified.status).toBe(200);
    expect(verified.body.user.id).toBe(registered.body.user.id);

    const credits = await waitFor(
      'the credit account',
      async () => {
        const res = await api('GET', '/api/users/credits', { token });
        return res.status === 200 && res.body;
      },
      EVENTUALLY_MS,
    );
    expect(credits).toEqual({ totalCredits: 3, freeCredits: 3, paidCredits: 0, dailyCredits: 3, maxDailyCredits: 3 });

    const duplicate = await api('POST', '/api/auth/register', { body: { email, password: 'secret123', firstName: 'A', lastName: 'B' } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('EMAIL_TAKEN');

    const wrong = await api('POST', '/api/auth/login', { body: { email, password: 'wrong-password' } });
    expect(wrong.status).toBe(401);

    const login = await api('POST', '/api/auth/login', { body: { email, password: 'secret123' } });
    expect(login.status).toBe(200);
    const second = login.body.token as string;

    expect((await api('POST', '/api/auth/logout', { token })).status).toBe(200);
    const afterLogout = await api('GET', '/api/auth/verify', { token });
    expect(afterLogout.status).toBe(401);
    expect(afterLogout.body.error).toBeTruthy();
    expect((await api('GET', '/api/auth/verify', { token: second })).status).toBe(200);

    const adminDb = new Pool({ connectionString: run.env.ADMIN_DATABASE_URL, max: 1 });
    const activity = await waitFor(
      'the admin activity log',
      async () => {
        const { rows } = await adminDb.query('SELECT activity_type, status FROM user_activities WHERE user_id = $1 ORDER BY occurred_at', [
          registered.body.user.id,
        ]);
        return rows.length >= 3 && rows;
      },
      EVENTUALLY_MS,
    ).finally(() => adminDb.end());
    expect(activity).toEqual([
      { activity_type: 'registration', status: 'success' },
      { activity_type: 'login', status: 'failed' },
      { activity_type: 'login', status: 'success' },
    ]);
  });

  it('answers bad request bodies with a 4xx JSON error, never a 500', async () => {
    const missing = await api('POST', '/api/auth/register', { body: { password: 'secret123', firstName: 'A', lastName: 'B' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({ error: 'email: is required', code: 'VALIDATION_FAILED' });

    const invalid = await api('POST', '/api/auth/register', { raw: '{"email": "a@b.c",' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.code).toBe('INVALID_JSON');

    const huge = await api('POST', '/api/auth/register', {
      raw: JSON.stringify({ email: 'x@example.com', padding: 'x'.repeat(1024 * 1024) }),
    });
    expect(huge.status).toBe(413);
    expect(huge.body.code).toBe('PAYLOAD_TOO_LARGE');

    const short = await api('POST', '/api/auth/register', {
      body: { email: 'short@example.com', password: '123', firstName: 'A', lastName: 'B' },
    });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^password: /);

    const forged = await api('GET', '/api/auth/verify', { token: 'not.a.jwt' });
    expect(forged.status).toBe(401);

    const unknown = await api('GET', '/api/nothing-here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe('NOT_FOUND');
  });

  it('keeps the gateway ready and every other service answering while any one service is down', async () => {
    const token = await newUser('steady');
    // One route per service, with the status its service gives this user when it is up.
    const probes = {
      auth: () => api('GET', '/api/auth/verify', { token }),
      billing: () => api('GET', '/api/users/credits', { token }),
      analysis: () => api('GET', '/api/stocks/status/AAPL', { token }),
      content: () => api('GET', '/api/ghost/blog/tags'),
      admin: () => api('GET', '/api/admin/user-activities', { token }),
    } as const;
    const upStatus = { auth: 200, billing: 200, analysis: 200, content: 200, admin: 403 } as const;
    for (const name of SERVICES) expect({ name, status: (await probes[name]()).status }).toEqual({ name, status: upStatus[name] });

    for (const down of SERVICES) {
      await group.stop(down, 0);
      expect({ down, gateway: (await fetch(`${base}/readyz`)).status }).toEqual({ down, gateway: 200 });
      const started = Date.now();
      const refused = await probes[down]();
      expect({ down, status: refused.status, code: refused.body?.code }).toEqual({ down, status: 503, code: 'UPSTREAM_UNAVAILABLE' });
      expect(Date.now() - started).toBeLessThan(2000);
      for (const other of SERVICES.filter((s) => s !== down)) {
        expect({ down, other, status: (await probes[other]()).status }).toEqual({ down, other, status: upStatus[other] });
      }
      group.start(down);
      await group.waitReady(down, 120_000);
    }
  });

  it('delivers an event published while its consumer is stopped once the consumer is back', async () => {
    await group.stop('billing');

    expect((await fetch(`${base}/readyz`)).status).toBe(200);

    const email = `${uniqueName('ben')}@example.com`;
    const registered = await api('POST', '/api/auth/register', {
      body: { email, password: 'secret123', firstName: 'Ben', lastName: 'Wong' },
    });
    expect(registered.status).toBe(201);
    const token = registered.body.token as string;

    const down = await api('GET', '/api/users/credits', { token });
    expect(down.status).toBe(503);
    expect(down.body.code).toBe('UPSTREAM_UNAVAILABLE');

    group.start('billing');
    await group.waitReady('billing', 120_000);
    const credits = await waitFor(
      'the credit account opened after restart',
      async () => {
        const res = await api('GET', '/api/users/credits', { token });
        return res.status === 200 && res.body;
      },
      EVENTUALLY_MS,
    );
    expect(credits.totalCredits).toBe(3);
    expect((await fetch(`${base}/readyz`)).status).toBe(200);
  });

  it('analyses a stock end to end: stocks list, status, start, live progress, report, one credit, history, blog', async () => {
    const token = await newUser('investor');
    expect(await creditsOf(token)).toMatchObject({ totalCredits: 3 });

    // The autocomplete list: gzip-encoded with an ETag, and 304 when the browser has it.
    const list = await rawGet(`${base}/api/stocks`, { 'accept-encoding': 'gzip' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    const etag = list.headers.etag as string;
    expect(etag).toMatch(/^W\/"stocks-/);
    const stocks = JSON.parse(gunzipSync(list.body).toString('utf8')) as Array<{ symbol: string }>;
    expect(stocks).toContainEqual(expect.objectContaining({ symbol: 'AAPL', name: expect.any(String) }));
    expect((await rawGet(`${base}/api/stocks`, { 'accept-encoding': 'gzip', 'if-none-match': etag })).status).toBe(304);

    expect((await api('GET', '/api/stocks/status/AAPL')).body).toMatchObject({ symbol: 'AAPL', isActive: true, status: 'active' });

    // The AI provider holds each answer until released: the worker waits in the business stage
    // (40 %), then in the summary (80 %), and the stream must bring each mark while it waits.
    ai.hold();
    const started = await api('POST', '/api/analysis/analyze/AAPL', {
      token,
      body: { userProfile: { riskProfile: 'growth', riskScore: 15 } },
    });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;
    await ai.waitHeld();

    const seen: Array<Record<string, unknown>> = [];
    const streamed = followProgress(`${base}/api/analysis/${id}/events`, token, (event) => seen.push(event));
    await waitFor(
      'the 40 % mark through the gateway while the business stage waits',
      () => seen.some((e) => e.progress === 40),
      EVENTUALLY_MS,
    );
    ai.release();
    ai.hold();
    await ai.waitHeld();
    await waitFor('the 80 % mark through the gateway while the summary waits', () => seen.some((e) => e.progress === 80), EVENTUALLY_MS);
    expect(seen.every((e) => e.status === 'processing')).toBe(true);
    ai.release();

    const events = await streamed;
    const marks = events.map((e) => e.progress as number);
    expect(marks).toEqual(expect.arrayContaining([40, 80, 100]));
    for (const [i, mark] of marks.entries()) if (i > 0) expect(mark).toBeGreaterThan(marks[i - 1] as number);
    expect(events.at(-1)).toMatchObject({ id, status: 'completed', progress: 100 });

    const report = await analysisOf(id, token);
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ id, symbol: 'AAPL', status: 'completed', progress: 100, error: null, investorType: 'growth' });
    expectAaplGrowthReport(report.body.results);

    expect(await creditsOf(token)).toMatchObject({ totalCredits: 2 });

    const history = await api('GET', '/api/users/analysis-history', { token });
    expect(history.body).toMatchObject({ total: 1, analyses: [expect.objectContaining({ id, symbol: 'AAPL', status: 'completed' })] });

    // The analysis page's related articles: the Ghost post about Apple ranks first once Ghost's posts are indexed.
    const search = () => api('GET', `/api/ghost/blog/search?keywords=${encodeURIComponent('AAPL Apple')}&limit=4`);
    const blog = await waitFor(
      'the Ghost posts in the search index',
      async () => {
        const res = await search();
        return res.body?.posts?.[0]?.slug === APPLE_POST.slug && res;
      },
      EVENTUALLY_MS,
    );
    expect(blog.status).toBe(200);
    expect(blog.body).toMatchObject({ success: true, posts: expect.any(Array) });
    expect(blog.body.posts.length).toBeLessThanOrEqual(4);
    expect(blog.body.posts[0]).toMatchObject({ slug: APPLE_POST.slug, title: APPLE_POST.title });
  });

  it('sells a credit package with the demo card and grants its credits once, however often it is confirmed', async () => {
    const token = await newUser('buyer');
    const intent = await api('POST', '/api/payments/create-payment-intent', { token, body: { packageType: 'standard' } });
    expect(intent.status).toBe(200);
    expect(intent.body).toMatchObject({
      amount: 328,
      currency: 'HKD',
      credits: 50,
      paymentIntentId: expect.any(String),
      clientSecret: expect.any(String),
    });
    const { paymentIntentId, clientSecret } = intent.body as { paymentIntentId: string; clientSecret: string };

    const paid = await api('POST', '/api/payments/demo/pay', {
      token,
      body: { paymentIntentId, clientSecret, cardNumber: '4242424242424242' },
    });
    expect(paid.body).toMatchObject({ paymentIntentId, status: 'succeeded' });

    const confirms = await Promise.all(
      [1, 2].map(() => api('POST', '/api/payments/confirm-payment', { token, body: { paymentIntentId } })),
    );
    for (const confirm of confirms) expect(confirm).toMatchObject({ status: 200, body: { success: true, status: 'completed' } });
    const again = await api('POST', '/api/payments/confirm-payment', { token, body: { paymentIntentId } });
    expect(again).toMatchObject({ status: 200, body: { success: true } });

    expect(await creditsOf(token)).toMatchObject({ totalCredits: 53, paidCredits: 50 });
    const payments = await api('GET', '/api/users/payments', { token });
    expect(payments.body.payments).toEqual([
      expect.objectContaining({ type: 'topup', status: 'completed', credits: 50, amount: 328, providerPaymentId: paymentIntentId }),
    ]);
  });

  it("serves the named metrics on each process's own metrics port, never through the gateway", async () => {
    // After the journeys above: analyses ran, credits were debited, a demo payment confirmed.
    const [gateway = '', billing = '', worker = '', analysis = ''] = await Promise.all(
      (['gateway', 'billing', 'analysis-worker', 'analysis'] as const).map((name) => group.metrics(name)),
    );
    const count = (text: string, pattern: RegExp) => Number(pattern.exec(text)?.[1] ?? 0);
    expect(
      count(gateway, /^http_server_request_duration_seconds_count\{[^}]*http_route="\/api\/users\/credits"[^}]*\} (\d+)/m),
    ).toBeGreaterThan(0);
    expect(
      count(analysis, /^http_server_request_duration_seconds_count\{[^}]*http_route="\/api\/analysis\/:id"[^}]*\} (\d+)/m),
    ).toBeGreaterThan(0);
    expect(count(worker, /^analysis_duration_seconds_count\{outcome="completed"[^}]*\} (\d+)/m)).toBeGreaterThan(0);
    expect(count(worker, /^messaging_queue_depth\{queue="[^"]*analysis\.jobs"[^}]*\} (\d+)/m)).toBe(0);
    expect(worker).toMatch(/^messaging_queue_depth\{queue="[^"]*analysis\.jobs\.dlq"/m);
    expect(count(billing, /^credits_debited_total\{[^}]*\} (\d+)/m)).toBeGreaterThan(0);
    expect(count(billing, /^payments_total\{outcome="confirmed",provider="demo"[^}]*\} (\d+)/m)).toBeGreaterThan(0);
    expect(count(billing, /^messaging_consumer_lag_seconds_count\{[^}]*\} (\d+)/m)).toBeGreaterThan(0);
    expect((await api('GET', '/metrics')).status).toBe(404);
    expect((await api('GET', '/api/metrics')).status).toBe(404);
  });

  it('refuses a symbol it does not analyse with 422 and charges nothing', async () => {
    const token = await newUser('etf');
    const refused = await api('POST', '/api/analysis/analyze/2800.HK', { token, body: { userProfile: { riskScore: 10 } } });
    expect(refused).toMatchObject({
      status: 422,
      body: { code: 'NOT_ANALYSABLE', symbol: '2800.HK', isActive: false, status: 'unsuitable_product', reason: expect.any(String) },
    });
    expect(await creditsOf(token)).toMatchObject({ totalCredits: 3 });
    expect((await api('GET', '/api/users/analysis-history', { token })).body).toMatchObject({ total: 0, analyses: [] });
  });

  it('keeps an analysis started while no worker runs in RabbitMQ and completes it once a worker is back', async () => {
    const token = await newUser('patient');
    await group.stop('analysis-worker');

    const started = await api('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
    expect(started.status).toBe(202);
    const id = started.body.analysisId as string;
    await waitFor('the job to wait in RabbitMQ', async () => (await run.queueDepth(JOBS_QUEUE)) === 1, EVENTUALLY_MS);
    expect((await analysisOf(id, token)).body).toMatchObject({ id, status: 'processing', progress: 0, completedAt: null });

    group.start('analysis-worker');
    await group.waitReady('analysis-worker', 120_000);
    const done = await finished(id, token);
    expect(done).toMatchObject({ id, status: 'completed', progress: 100 });
    expect(done.results.basic).toMatchObject({ symbol: 'AAPL' });
    expect(await run.queueDepth(JOBS_QUEUE)).toBe(0);
    expect(await creditsOf(token)).toMatchObject({ totalCredits: 2 });
  });
});

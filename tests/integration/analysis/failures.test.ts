import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { RECONNECT_EVENT } from '@stockai/platform';
import { waitFor } from '@stockai/platform/src/testing';
import { FAILURE_TEXTS } from '../../../services/analysis/src/analyses/failure';
import { MAX_JOB_ATTEMPTS } from '../../../services/analysis/src/analyses/jobs';
import { freePort } from '../../support/gateway';
import { type AnalysisStack, apiClient, registerUser, startAnalysisStack, startHoldingProxy } from './analysis-stack';

jest.setTimeout(180_000);

/**
 * How an analysis ends when something goes wrong, on the real PostgreSQL, RabbitMQ and Redis
 * with the real billing: billing's outcome unknown (its answer held past the debit timeout), a
 * job that throws on every attempt, a job no worker runs (the stuck sweep), a start killed
 * between the debit and the queueing, progress streams a client drops early or a closing
 * service must end, a Yahoo fallback kept out of the result cache. In each, the credit is
 * refunded exactly once and the user sees a Traditional Chinese text, never an internal error.
 */
describe('analysis failures', () => {
  let stack: AnalysisStack;
  let api: ReturnType<typeof apiClient>;

  beforeAll(async () => {
    stack = await startAnalysisStack({ inProcessWorkers: 0 });
    api = apiClient(stack.gatewayUrl);
  });

  afterAll(async () => {
    stack?.ai.release();
    await stack?.close();
  });

  const credits = async (token: string) => (await api('GET', '/api/users/credits', { token })).body as { totalCredits: number };
  const eventsOf = (type: string, analysisId: string) =>
    stack.events.filter((e) => {
      const data = e.data as { analysisId?: string; reference?: string };
      return e.type === type && (data.analysisId === analysisId || data.reference === `analysis:${analysisId}`);
    });
  const direct = (baseUrl: string) => apiClient(baseUrl);
  const analysisIn = async (base: string, id: string, token: string) => (await direct(base)('GET', `/api/analysis/${id}`, { token })).body;
  const finishedIn = (base: string, id: string, token: string, timeoutMs = 60_000) =>
    waitFor(
      'the analysis to finish',
      async () => {
        const a = await analysisIn(base, id, token);
        return a.status !== 'processing' && a;
      },
      timeoutMs,
    );

  it('fails a start whose debit billing does not confirm in time, and refunds the debit billing did make, once', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const proxy = await startHoldingProxy(stack.billing.url);
    const extra = await stack.startAnalysisApi({ billingUrl: proxy.url, billingTimeoutMs: 500 });
    try {
      proxy.hold();
      const started = await direct(extra.url)('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
      expect(started.status).toBe(503);
      expect(started.body.code).toBe('BILLING_UNAVAILABLE');
      expect(started.body.error).not.toMatch(/credits|insufficient/i);
      expect(started.body.error).not.toMatch(/no credit was taken|nothing was charged/i);
      // Billing did debit: the answer only came too late.
      await waitFor('billing to answer the held debit', () => proxy.forwarded === 1);
      proxy.release();

      const { rows } = await extra.db.query<{ id: string; status: string; error: string; message: string; queued_at: Date | null }>(
        'SELECT id, status, error, message, queued_at FROM analyses',
      );
      expect(rows).toHaveLength(1);
      const id = rows[0]?.id as string;
      // The status line promises no refund: whether the credit was taken is not known here.
      expect(rows[0]).toMatchObject({
        status: 'failed',
        error: FAILURE_TEXTS.billingUnconfirmed,
        message: '分析未能開始',
        queued_at: null,
      });
      expect((await extra.db.query("SELECT 1 FROM outbox WHERE type = 'analysis.requested'")).rowCount).toBe(0);

      await waitFor('the refund', () => eventsOf('credit.refunded', id).length === 1, 30_000);
      expect(await credits(token)).toMatchObject({ totalCredits: 3 });
      expect(eventsOf('credit.debited', id)).toHaveLength(1);
      expect(eventsOf('analysis.failed', id)).toHaveLength(1);

      // The slot is free again: the same symbol starts (and is charged) normally.
      const again = await direct(extra.url)('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
      expect(again.status).toBe(202);
      expect(await credits(token)).toMatchObject({ totalCredits: 2 });
      expect(eventsOf('credit.refunded', id)).toHaveLength(1);
    } finally {
      proxy.release();
      await extra.close();
      await proxy.close();
    }
  });

  it('answers 503 without a word about credits and records nothing when billing cannot be reached at all', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const extra = await stack.startAnalysisApi({ billingUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      const res = await direct(extra.url)('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
      expect(res).toMatchObject({
        status: 503,
        body: { code: 'BILLING_UNAVAILABLE', error: expect.stringContaining('nothing was charged') },
      });
      expect(res.body.error).not.toMatch(/credits|insufficient/i);
      expect((await extra.db.query('SELECT 1 FROM analyses')).rowCount).toBe(0);
      expect((await extra.db.query("SELECT 1 FROM outbox WHERE type LIKE 'analysis.%'")).rowCount).toBe(0);
    } finally {
      await extra.close();
    }
  });

  it('fails a job that throws on every attempt (here: past its deadline) with a user text, refunded once', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const extra = await stack.startAnalysisApi({ workers: 1, jobDeadlineMs: 1000, cacheTtlHours: 0 });
    stack.ai.hold();
    try {
      const started = await direct(extra.url)('POST', '/api/analysis/analyze/MSFT', { token, body: {} });
      expect(started.status).toBe(202);
      const id = started.body.analysisId as string;
      const failed = await finishedIn(extra.url, id, token);
      expect(failed).toMatchObject({ status: 'failed', error: FAILURE_TEXTS.jobFailed, message: '分析失敗，已退回 1 點信用額度' });
      const attempts = await extra.db.query<{ attempts: number }>('SELECT attempts FROM analyses WHERE id = $1', [id]);
      expect(attempts.rows[0]?.attempts).toBe(MAX_JOB_ATTEMPTS);

      await waitFor('the refund', () => eventsOf('credit.refunded', id).length === 1, 30_000);
      expect(await credits(token)).toMatchObject({ totalCredits: 3 });
      const history = await direct(extra.url)('GET', '/api/users/analysis-history', { token });
      expect(history.body.analyses).toEqual([expect.objectContaining({ id, status: 'failed', error: FAILURE_TEXTS.jobFailed })]);
      expect(eventsOf('analysis.failed', id)).toHaveLength(1);
      expect((eventsOf('analysis.failed', id)[0]?.data as { error: string }).error).toBe(FAILURE_TEXTS.jobFailed);
      expect(eventsOf('credit.refunded', id)).toHaveLength(1);
    } finally {
      stack.ai.release();
      await extra.close();
    }
  });

  it('sweeps a job no worker runs: failed with a user text, refunded once, and the symbol can be analysed again', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const extra = await stack.startAnalysisApi({ sweep: { stuckAfterSeconds: 2, unqueuedAfterSeconds: 1, everyMs: 250 } });
    try {
      const started = await direct(extra.url)('POST', '/api/analysis/analyze/NVDA', { token, body: {} });
      expect(started.status).toBe(202);
      const id = started.body.analysisId as string;
      expect(await credits(token)).toMatchObject({ totalCredits: 2 });

      expect(await finishedIn(extra.url, id, token)).toMatchObject({ status: 'failed', error: FAILURE_TEXTS.stuck });
      await waitFor('the refund', () => eventsOf('credit.refunded', id).length === 1, 30_000);
      expect(await credits(token)).toMatchObject({ totalCredits: 3 });

      const again = await direct(extra.url)('POST', '/api/analysis/analyze/NVDA', { token, body: {} });
      expect(again.status).toBe(202);
      expect(again.body.analysisId).not.toBe(id);
      expect(eventsOf('analysis.failed', id)).toHaveLength(1);
      expect(eventsOf('credit.refunded', id)).toHaveLength(1);
    } finally {
      await extra.close();
    }
  });

  it('sweeps a start killed between its debit and its queueing, refunding the debit once', async () => {
    const { token, userId } = await registerUser(stack.gatewayUrl);
    const extra = await stack.startAnalysisApi({ sweep: { stuckAfterSeconds: 300, unqueuedAfterSeconds: 1, everyMs: 250 } });
    try {
      // What a process killed after billing answered leaves behind: the row, unqueued, and the debit.
      const id = randomUUID();
      await extra.db.query(
        "INSERT INTO analyses (id, user_id, symbol, message, created_at) VALUES ($1, $2, 'AAPL', '分析已排隊，即將開始', now() - interval '5 seconds')",
        [id, userId],
      );
      const debit = await fetch(`${stack.billing.url}/internal/credits/debit`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ userId, amount: 1, reference: `analysis:${id}` }),
      });
      expect(debit.status).toBe(200);
      expect(await credits(token)).toMatchObject({ totalCredits: 2 });

      expect(await finishedIn(extra.url, id, token)).toMatchObject({ status: 'failed', error: FAILURE_TEXTS.stuck });
      await waitFor('the refund', () => eventsOf('credit.refunded', id).length === 1, 30_000);
      expect(await credits(token)).toMatchObject({ totalCredits: 3 });
      expect(eventsOf('analysis.failed', id)).toHaveLength(1);
    } finally {
      await extra.close();
    }
  });

  it('leaves nothing watching after clients drop their progress streams early, and watches many streams with one poller', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const extra = await stack.startAnalysisApi({});
    try {
      const ids: string[] = [];
      for (const symbol of ['AAPL', 'MSFT']) {
        const started = await direct(extra.url)('POST', `/api/analysis/analyze/${symbol}`, { token, body: {} });
        expect(started.status).toBe(202);
        ids.push(started.body.analysisId as string);
      }
      const streamUrl = (id: string) => `${extra.url}/api/analysis/${id}/events`;

      // Dropped once the request is sent, while the service is still reading the analysis, and
      // dropped right after the stream's first event.
      for (let i = 0; i < 10; i++) {
        await dropAfterSending(streamUrl(ids[0] as string), token);
        const open = await openStream(streamUrl(ids[1] as string), token);
        open.close();
      }
      await waitFor('every dropped stream to be let go', () => {
        const streams = extra.definition.progressStreams();
        return streams.listeners === 0 && !streams.running;
      });

      // Three open streams over two analyses share one watcher.
      const open = await Promise.all([ids[0], ids[0], ids[1]].map((id) => openStream(streamUrl(id as string), token)));
      await waitFor('three watched streams', () => extra.definition.progressStreams().listeners === 3);
      expect(extra.definition.progressStreams().running).toBe(true);
      for (const stream of open) stream.close();
      await waitFor('the watcher to stop', () => {
        const streams = extra.definition.progressStreams();
        return streams.listeners === 0 && !streams.running;
      });
    } finally {
      await extra.close();
    }
  });

  it('closes promptly with a progress stream open, ending the stream', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    const extra = await stack.startAnalysisApi({});
    try {
      const started = await direct(extra.url)('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
      const stream = await openStream(`${extra.url}/api/analysis/${started.body.analysisId}/events`, token);
      expect(stream.first).toContain('event: progress');
      await waitFor('the stream to be watched', () => extra.definition.progressStreams().listeners === 1);

      let closed = false;
      const closing = extra.closeService().then(() => (closed = true));
      // Without ending its streams the service would wait for this client for ever.
      await waitFor('the service to close', () => closed, 5000);
      await closing;
      // It ends with the hint to reconnect, which another replica then answers.
      expect((await stream.ended).slice(-RECONNECT_EVENT.length)).toBe(RECONNECT_EVENT);
      expect(extra.definition.progressStreams()).toEqual({ listeners: 0, running: false });
    } finally {
      await extra.close();
    }
  });

  it('fails an analysis whose market data disappears mid-run (Yahoo down, no bundled figures) and refunds it once', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    // With Yahoo as the source a stock outside the bundle's figures may still be analysable, so the start is charged;
    // then Yahoo refuses every connection and the snapshot has nothing to stand in with.
    const extra = await stack.startAnalysisApi({ workers: 1, marketData: 'yahoo', yahooBaseUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      const started = await direct(extra.url)('POST', '/api/analysis/analyze/PFBC', { token, body: {} });
      expect(started.status).toBe(202);
      const id = started.body.analysisId as string;
      const failed = await finishedIn(extra.url, id, token);
      expect(failed).toMatchObject({ status: 'failed', error: FAILURE_TEXTS.noMarketData });
      await waitFor('the refund', () => eventsOf('credit.refunded', id).length === 1, 30_000);
      expect(await credits(token)).toMatchObject({ totalCredits: 3 });
      expect(eventsOf('analysis.failed', id)).toHaveLength(1);
      expect(eventsOf('credit.refunded', id)).toHaveLength(1);
    } finally {
      await extra.close();
    }
  });

  it('keeps market data from a fallback out of the result cache', async () => {
    const { token } = await registerUser(stack.gatewayUrl);
    // Yahoo refuses every connection: the snapshot answers instead, and says so in its notes.
    const extra = await stack.startAnalysisApi({ workers: 1, marketData: 'yahoo', yahooBaseUrl: `http://127.0.0.1:${await freePort()}` });
    try {
      const started = await direct(extra.url)('POST', '/api/analysis/analyze/AAPL', { token, body: {} });
      expect(started.status).toBe(202);
      const report = await finishedIn(extra.url, started.body.analysisId as string, token);
      expect(report).toMatchObject({ status: 'completed', fromCache: false });
      expect((await extra.db.query('SELECT symbol FROM analysis_result_cache')).rows).toEqual([]);
    } finally {
      await extra.close();
    }
  });
});

/**
 * A progress stream on its own connection (node:http without an agent, so no pooled or
 * speculative connections outlive it): resolves at its first chunk; `close` drops it.
 */
/** `ended` resolves with everything the stream sent, once it closed. */
function openStream(url: string, token: string): Promise<{ first: string; ended: Promise<string>; close(): void }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`event stream: ${res.statusCode}`));
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      const ended = new Promise<string>((done) => res.once('close', () => done(text)));
      res.once('data', (chunk: Buffer) => resolve({ first: chunk.toString(), ended, close: () => req.destroy() }));
    });
    req.on('error', reject);
  });
}

/** Sends a stream request and hangs up at once, before any answer. */
function dropAfterSending(url: string, token: string): Promise<void> {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false, headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.on('finish', () => req.destroy());
  });
}

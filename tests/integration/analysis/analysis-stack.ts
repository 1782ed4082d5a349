/**
 * What the analysis integration tests share: auth, billing and analysis on the real PostgreSQL,
 * RabbitMQ and Redis, one exchange and one key pair, behind the real gateway; analysis worker
 * processes (`services/analysis/src/worker.ts`) started and killed on demand; and a local
 * stand-in for the OpenAI-compatible chat API that can hold its answers, which is how a test
 * catches a worker in the middle of a stage.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import {
  type Cache,
  type EventEnvelope,
  type RunningService,
  createAmqpBus,
  createLogger,
  createRedisCache,
  generateRsaKeyPair,
  startService,
} from '@stockai/platform';
import { allEventQueues } from '@stockai/contracts';
import { deleteAmqpTopology } from '@stockai/platform/src/bus/test-helpers';
import { createTestDatabase, startTestService, type TestService, testInfra, uniqueName, waitFor } from '@stockai/platform/src/testing';
import { type AnalysisServiceDefinition, analysisService } from '../../../services/analysis/src/app';
import type { AnalysisOptions } from '../../../services/analysis/src/config';
import { authService } from '../../../services/auth/src/app';
import { billingService } from '../../../services/billing/src/app';
import { freePort, startTestGateway } from '../../support/gateway';
import { type LlmStandIn, startLlmStandIn } from '../../support/llm-stand-in';

const ROOT = path.join(__dirname, '..', '..', '..');

/**
 * The AI chat API of analyses: the OpenAI-compatible stand-in answering as a provider would, the
 * business view as the JSON the analyst asks for and the summary (the request whose figures carry
 * the reader's advice) as prose without figures of its own. It can hold its answers (`hold`), to
 * catch an analysis in the middle of a stage.
 */
export async function startChatStandIn(): Promise<ChatStandIn> {
  const ai = await startLlmStandIn();
  ai.answerWith((request) =>
    request.messages.at(-1)?.content.includes('"readerAdvice"')
      ? '模擬供應商：總結。公司業務穩健，估值請參考上文。'
      : JSON.stringify({
          primaryBusiness: '模擬供應商：主要業務說明',
          competitiveAdvantage: '模擬供應商：競爭優勢',
          marketPosition: '模擬供應商：市場地位',
          growthProspects: '模擬供應商：增長前景',
          financialHealth: '模擬供應商：財務健康',
          managementQuality: '模擬供應商：管理質素',
        }),
  );
  return ai;
}
export type ChatStandIn = LlmStandIn;

export interface AnalysisStack {
  gatewayUrl: string;
  auth: TestService;
  billing: TestService;
  analysis: RunningService;
  analysisDb: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  ai: ChatStandIn;
  /** Every event on the run's exchange, as a listener queue received it. */
  events: EventEnvelope[];
  /** Starts an analysis worker process on the analysis database and job queue. */
  startWorker(): Promise<WorkerProcess>;
  /**
   * Another analysis API process with its own database and job queue on the stack's exchange
   * (so billing hears its events and refunds its analyses), built with `options`: a billing
   * behind a fault-injecting proxy, a short sweep, a short job deadline. The stack's own jobs
   * also reach its queue; they name analyses its database does not hold and are ignored.
   */
  startAnalysisApi(options: Partial<AnalysisOptions>): Promise<ExtraAnalysisApi>;
  close(): Promise<void>;
}

export interface ExtraAnalysisApi {
  url: string;
  db: Awaited<ReturnType<typeof createTestDatabase>>['db'];
  /** Its Redis cache (its own key prefix), to see what the service keeps there. */
  cache: Cache;
  definition: AnalysisServiceDefinition;
  /** Closes the service only (what a SIGTERM does), leaving its database for the test to read. */
  closeService(): Promise<void>;
  close(): Promise<void>;
}

export interface WorkerProcess {
  /** SIGKILL: the process dies at once, mid-job, without acknowledging anything. */
  kill(): Promise<void>;
  /** SIGTERM: the process drains (finishes its job) and exits; resolves with its exit code. */
  stop(): Promise<number | null>;
}

export async function startAnalysisStack(options: { inProcessWorkers: number; cacheTtlHours?: number }): Promise<AnalysisStack> {
  const infra = await testInfra();
  const keys = generateRsaKeyPair();
  const run = uniqueName('analysis_stack');
  const exchange = `${run}.events`;
  const queuePrefix = `${run}.`;
  const outbox = fs.mkdtempSync(path.join(os.tmpdir(), 'analysis-mail-'));
  const ai = await startChatStandIn();

  const [auth, billing] = await Promise.all([
    startTestService(
      authService({
        tokenLifetimeSeconds: 3600,
        appUrl: 'http://localhost:8080',
        mail: { from: 'StockAI <no-reply@example.com>', outboxDir: outbox },
      }),
      {
        keys,
        exchange,
      },
    ),
    startTestService(billingService({ demoPayments: true }), { keys, exchange }),
  ]);

  // Analysis by hand rather than startTestService: worker processes must join its database and
  // its queue, so the test needs the database URL and the queue prefix.
  const { db, url: databaseUrl, drop } = await createTestDatabase();
  const logger = createLogger('analysis', 'silent');
  const bus = await createAmqpBus(infra.amqpUrl, { exchange, queuePrefix, logger });
  const cache = createRedisCache(infra.redisUrl, { keyPrefix: `${run}:` });
  const llm = { apiKey: 'stand-in-key', baseUrl: ai.url, model: 'stand-in', timeoutMs: 20_000 };
  const analysis = await startService(
    analysisService({
      billingUrl: billing.url,
      marketData: 'snapshot',
      llm,
      cacheTtlHours: options.cacheTtlHours ?? 6,
      workers: options.inProcessWorkers,
      startsPerMinute: 10,
    }),
    { db, bus, cache, logger, publicKey: keys.publicKey },
    { port: 0 },
  );
  const gateway = await startTestGateway({
    publicKey: keys.publicKey,
    cache,
    upstreams: { auth: auth.url, billing: billing.url, analysis: analysis.url },
  });

  const events: EventEnvelope[] = [];
  const listener = uniqueName('analysis_listener');
  await bus.subscribe({ queue: listener, patterns: ['#'], maxAttempts: 1, handler: async (e) => void events.push(e) });

  const workers = new Set<ChildProcess>();
  async function startWorker(): Promise<WorkerProcess> {
    const port = await freePort();
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'services/analysis/src/worker.ts')], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        LOG_LEVEL: 'warn',
        ANALYSIS_DATABASE_URL: databaseUrl,
        AMQP_URL: infra.amqpUrl,
        AMQP_EXCHANGE: exchange,
        AMQP_QUEUE_PREFIX: queuePrefix,
        REDIS_URL: infra.redisUrl,
        REDIS_KEY_PREFIX: `${run}:`,
        JWT_PUBLIC_KEY: keys.publicKey,
        LLM_API_KEY: llm.apiKey,
        LLM_BASE_URL: llm.baseUrl,
        LLM_MODEL: llm.model,
        ANALYSIS_WORKERS: '1',
      },
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr])
      stream?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
    workers.add(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    void exited.then(() => workers.delete(child));
    await waitFor(
      'the worker to be ready',
      async () => {
        if (child.exitCode !== null) throw new Error(`worker exited with ${child.exitCode}: ${output}`);
        return fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.ok,
          () => false,
        );
      },
      60_000,
    );
    return {
      async kill() {
        child.kill('SIGKILL');
        await exited;
      },
      async stop() {
        child.kill('SIGTERM');
        return exited;
      },
    };
  }

  const extras = new Set<ExtraAnalysisApi>();
  async function startAnalysisApi(extra: Partial<AnalysisOptions>): Promise<ExtraAnalysisApi> {
    const prefix = `${uniqueName('analysis_extra')}.`;
    const database = await createTestDatabase();
    const extraBus = await createAmqpBus(infra.amqpUrl, { exchange, queuePrefix: prefix, logger });
    const extraCache = createRedisCache(infra.redisUrl, { keyPrefix: prefix });
    const definition = analysisService({
      billingUrl: billing.url,
      marketData: 'snapshot',
      llm,
      cacheTtlHours: 6,
      workers: 0,
      startsPerMinute: 0,
      ...extra,
    });
    const running = await startService(
      definition,
      { db: database.db, bus: extraBus, cache: extraCache, logger, publicKey: keys.publicKey },
      { port: 0 },
    );
    let serviceClosed: Promise<void> | undefined;
    let closed: Promise<void> | undefined;
    const api: ExtraAnalysisApi = {
      url: running.url,
      db: database.db,
      cache: extraCache,
      definition,
      closeService: () => (serviceClosed ??= running.close()),
      close: () =>
        (closed ??= (async () => {
          extras.delete(api);
          await api.closeService();
          await extraBus.close();
          await extraCache.close();
          await database.drop();
          await deleteAmqpTopology(
            infra.amqpUrl,
            undefined,
            allEventQueues().map((q) => prefix + q.queue),
          );
        })()),
    };
    extras.add(api);
    return api;
  }

  return {
    gatewayUrl: gateway.url,
    auth,
    billing,
    analysis,
    analysisDb: db,
    ai,
    events,
    startWorker,
    startAnalysisApi,
    async close() {
      for (const child of workers) child.kill('SIGKILL');
      for (const extra of [...extras]) await extra.close();
      await gateway.close();
      await analysis.close();
      await bus.close();
      await cache.close();
      await drop();
      await Promise.all([auth.close(), billing.close()]);
      // Every process declares the whole topology (contracts' event-queues.ts): all of it goes.
      await deleteAmqpTopology(infra.amqpUrl, exchange, [...allEventQueues().map((q) => queuePrefix + q.queue), queuePrefix + listener]);
      await ai.close();
      fs.rmSync(outbox, { recursive: true, force: true });
    },
  };
}

/** Calls the API through the gateway. */
export function apiClient(gatewayUrl: string) {
  return async function api(
    method: string,
    path: string,
    options: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
  ) {
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${gatewayUrl}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
    const text = await res.text();
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : undefined) as any };
  };
}

/** Registers a user through the gateway and waits for billing to open their account (3 daily credits). */
export async function registerUser(gatewayUrl: string): Promise<{ token: string; userId: string }> {
  const api = apiClient(gatewayUrl);
  const registered = await api('POST', '/api/auth/register', {
    body: { email: `${uniqueName('investor')}@example.com`, password: 'secret123', firstName: 'Ka Ho', lastName: 'Chan' },
  });
  if (registered.status !== 201) throw new Error(`register: ${registered.status} ${JSON.stringify(registered.body)}`);
  const token = registered.body.token as string;
  await waitFor('the credit account', async () => (await api('GET', '/api/users/credits', { token })).status === 200, 30_000);
  return { token, userId: registered.body.user.id as string };
}

/**
 * Follows a server-sent event stream to its end, calling `onEvent` with the `data` of each
 * `progress` event as it arrives; resolves with all of them.
 */
export async function followProgress(
  url: string,
  token: string,
  onEvent: (event: Record<string, unknown>) => void = () => undefined,
): Promise<Array<Record<string, unknown>>> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' } });
  if (res.status !== 200 || !res.body) throw new Error(`event stream: ${res.status} ${await res.text()}`);
  if (!res.headers.get('content-type')?.startsWith('text/event-stream'))
    throw new Error(`not an event stream: ${res.headers.get('content-type')}`);
  const events: Array<Record<string, unknown>> = [];
  const decoder = new TextDecoder();
  let buffer = '';
  for await (const chunk of res.body) {
    buffer += decoder.decode(chunk as Uint8Array, { stream: true });
    const blocks = buffer.split('\n\n');
    buffer = blocks.pop() ?? '';
    for (const block of blocks) {
      if (!block.includes('event: progress')) continue;
      const data = block.split('\n').find((line) => line.startsWith('data: '));
      const event = JSON.parse(data?.slice(6) ?? '{}') as Record<string, unknown>;
      events.push(event);
      onEvent(event);
    }
  }
  return events;
}

/**
 * The report of an AAPL analysis started by a growth investor with the stand-in AI provider:
 * every part present, the stand-in's text in the business part, the growth type first and
 * highlighted. Both shapes' flow tests read the same report.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a report's JSON, as the API client reads it
export function expectAaplGrowthReport(results: any): void {
  expect(results.basic).toMatchObject({ symbol: 'AAPL', companyName: expect.any(String), currentPrice: expect.any(Number) });
  expect(results.valuation).toMatchObject({
    recommendation: expect.any(String),
    confidence: expect.any(Number),
    method: expect.any(String),
  });
  expect(results.business.competitiveAdvantage).toBe('模擬供應商：競爭優勢');
  expect(results.suggestions).toMatchObject({ userType: 'growth' });
  expect(results.suggestions.byInvestorType[0]).toMatchObject({ investorType: 'growth', highlighted: true });
  expect(results.summary).toEqual(expect.any(String));
}

/**
 * A fault-injecting HTTP proxy in front of a real service: requests are forwarded as they are,
 * and while `hold()` is on the answers are kept back until `release()` (the caller times out
 * though the callee acted), which is how a test makes billing's outcome unknown.
 */
export async function startHoldingProxy(targetUrl: string) {
  let holding = false;
  let held: Array<() => void> = [];
  let forwarded = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', async () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).filter(([name]) => !['host', 'connection', 'content-length'].includes(name)),
      ) as Record<string, string>;
      const answer = await fetch(new URL(req.url ?? '/', targetUrl), {
        method: req.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      });
      const body = Buffer.from(await answer.arrayBuffer());
      forwarded++;
      const reply = () => {
        if (!res.destroyed)
          res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body);
      };
      if (holding) held.push(reply);
      else reply();
    });
  });
  server.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** Requests the callee has answered (whether or not the answer was passed on). */
    get forwarded() {
      return forwarded;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      const waiting = held;
      held = [];
      for (const reply of waiting) reply();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

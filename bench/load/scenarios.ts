import http from 'node:http';
import type { LlmStandIn } from '../../tests/support/llm-stand-in';
import { lastEventData, requestText } from '../http-client';
import { busyThreads } from '../proc-cpu';
import { ANALYSABLE_SYMBOLS } from '../symbols';
import { type Figures, Recorder, errorCode } from './measure';

/** A running shape of the product, as the scenarios drive it. */
export interface Target {
  shape: 'all-in-one' | 'distributed';
  url: string;
  /** The AI chat API the analyses call: held, an analysis stays running (and its stream open). */
  ai: LlmStandIn;
  /** Stops one service process and starts it again (distributed only). */
  restartService?(name: 'billing' | 'analysis'): Promise<void>;
  /** Closes every connection of the run to RabbitMQ (distributed only). */
  restartBroker?(): Promise<void>;
  /** The server's CPU time so far (all-in-one: its one process), main thread and the rest. */
  cpu?(): Promise<{ main: number; others: number; threads: Record<string, number> }>;
  /** A CPU profile of the server's main thread while analyses run at once (all-in-one; LOAD_CPU_PROFILE). */
  profile?: { start(): Promise<void>; stop(count: number): Promise<void> };
}

type Answer = { status: number; body: Record<string, unknown> };

export function apiOf(base: string) {
  return async (method: string, path: string, token?: string, body?: unknown, headers: Record<string, string> = {}): Promise<Answer> => {
    const { status, text } = await requestText(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
      timeoutMs: 30_000,
    });
    try {
      return { status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
    } catch {
      return { status, body: { text } };
    }
  };
}

/**
 * Registers `count` users, a few at a time (argon2id is the cost), and waits until each can pay.
 * Each signs up from an address of its own (X-Forwarded-For, believed from loopback), as people
 * do: auth limits sign-ups per address.
 */
export async function registerUsers(base: string, count: number, tag: string): Promise<string[]> {
  const api = apiOf(base);
  const tokens: string[] = [];
  const stamp = Date.now();
  await inParallel(count, 8, async (i) => {
    const res = await retryOnce(() =>
      api(
        'POST',
        '/api/auth/register',
        undefined,
        {
          email: `load-${tag}-${stamp}-${i}@example.com`,
          password: 'secret123',
          firstName: 'Load',
          lastName: `User ${i}`,
        },
        { 'x-forwarded-for': `198.18.${Math.floor(i / 250)}.${(i % 250) + 1}` },
      ),
    );
    if (res.status !== 201) throw new Error(`register: ${res.status} ${JSON.stringify(res.body)}`);
    tokens[i] = res.body.token as string;
  });
  for (const token of tokens) await waitUntil(async () => (await api('GET', '/api/users/credits', token)).status === 200, 30_000);
  return tokens;
}

/** Set-up calls (not measured) survive one dropped connection on a machine this busy. */
const retryOnce = <T>(call: () => Promise<T>): Promise<T> => call().catch(() => call());

/** Runs `work(0…count-1)` with at most `width` at a time. */
export async function inParallel(count: number, width: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

export async function waitUntil(probe: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** `loops` callers doing `pick(i)` one after the other until `untilMs` passes (bounded by `maxRequests` in all). */
async function browse(base: string, token: string, loops: number, durationMs: number, recorder: Recorder, maxRequests = 20_000) {
  const api = apiOf(base);
  const paths = ['/api/users/credits', '/api/stocks?q=AP', '/api/users/analysis-history', '/api/stocks?q=00', '/api/ghost/blog/posts'];
  const end = Date.now() + durationMs;
  let sent = 0;
  await Promise.all(
    Array.from({ length: loops }, async (_, loop) => {
      for (let i = loop; Date.now() < end && sent < maxRequests; i++, sent++) {
        await recorder.time(() => api('GET', paths[i % paths.length] as string, token));
      }
    }),
  );
}

/** Opens an event stream on a connection of its own; resolves with its status once its head arrives. */
function openStream(base: string, path: string, token: string): Promise<{ status: number | string; close(): void }> {
  return new Promise((resolve) => {
    const req = http.get(`${base}${path}`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (res) => {
      res.on('error', () => undefined);
      res.resume();
      resolve({ status: res.statusCode ?? 0, close: () => req.destroy() });
    });
    req.on('error', (err) => resolve({ status: errorCode(err), close: () => undefined }));
  });
}

/** One user opens 300 progress streams on a running analysis while another user browses. */
export async function streamsWhileBrowsing(target: Target): Promise<Record<string, Figures>> {
  const [holder, browser] = (await registerUsers(target.url, 2, 'streams')) as [string, string];
  const api = apiOf(target.url);
  target.ai.hold();
  try {
    const started = await api('POST', '/api/analysis/analyze/AAPL', holder, {});
    if (started.status !== 202) throw new Error(`start: ${started.status} ${JSON.stringify(started.body)}`);
    await target.ai.waitHeld();
    const streams = new Recorder();
    const open = await Promise.all(
      Array.from({ length: 300 }, async () => {
        const t0 = performance.now();
        const stream = await openStream(target.url, `/api/analysis/${started.body.analysisId as string}/events`, holder);
        streams.add(stream.status, performance.now() - t0);
        return stream;
      }),
    );
    const other = new Recorder();
    await browse(target.url, browser, 20, 10_000, other);
    for (const s of open) s.close();
    return {
      'streams opened by one user (300)': streams.figures(),
      "another user's requests meanwhile (20 callers, 10 s)": other.figures(),
    };
  } finally {
    target.ai.dropHeld();
    target.ai.release();
  }
}

/** 200 callers search `stocks?q=` at once, 20 searches each. */
export async function concurrentSearches(target: Target): Promise<Record<string, Figures>> {
  const api = apiOf(target.url);
  const words = ['AP', 'MS', 'TENCENT', '00', 'BANK', 'HK', 'AMZ', 'NV', '騰訊', 'GOOG'];
  const recorder = new Recorder();
  await Promise.all(
    Array.from({ length: 200 }, async (_, caller) => {
      for (let i = 0; i < 20; i++)
        await recorder.time(() => api('GET', `/api/stocks?q=${encodeURIComponent(words[(caller + i) % words.length] as string)}`));
    }),
  );
  return { '200 concurrent searches × 20': recorder.figures() };
}

/** Fifty analysable symbols, each analysis of a burst a different one where it can be. */
export const SYMBOLS = ANALYSABLE_SYMBOLS.slice(0, 50);

interface Balances {
  read(): Promise<number[]>;
}
const balancesOf = (base: string, tokens: string[]): Balances => ({
  read: () => Promise.all(tokens.map(async (t) => (await apiOf(base)('GET', '/api/users/credits', t)).body.totalCredits as number)),
});

/** Starts one analysis and follows its stream to the end; `accepted` and `completed` timed from the start request. */
async function timedAnalysis(base: string, token: string, symbol: string, accepted: Recorder, completed: Recorder): Promise<string> {
  const api = apiOf(base);
  const t0 = performance.now();
  const res = await accepted.time(() => api('POST', `/api/analysis/analyze/${symbol}`, token, {}));
  if (res?.status !== 202) return `not started (${res?.status ?? 'error'})`;
  const id = res.body.analysisId as string;
  // Follow the stream to its final event, as the web app does; if it breaks (a restart), poll
  // until the analysis has ended, as the web app does too.
  let status = 'processing';
  try {
    const stream = await requestText(`${base}/api/analysis/${id}/events`, {
      headers: { authorization: `Bearer ${token}` },
      timeoutMs: 60_000,
    });
    status = (lastEventData(stream.text)?.status as string | undefined) ?? 'processing';
  } catch {
    // ends in the poll below
  }
  const deadline = Date.now() + 90_000;
  while (status === 'processing' && Date.now() < deadline) {
    const view = await api('GET', `/api/analysis/${id}`, token).catch(() => undefined);
    status = (view?.body.status as string | undefined) ?? 'processing';
    if (status === 'processing') await new Promise((resolve) => setTimeout(resolve, 200));
  }
  completed.add(status, performance.now() - t0);
  return status;
}

/** `count` users start an analysis each at the same moment; every balance is checked after. */
export async function concurrentAnalyses(target: Target, count: number): Promise<Record<string, Figures | string>> {
  const tokens = await registerUsers(target.url, count, `analyses${count}`);
  const balances = balancesOf(target.url, tokens);
  const before = await balances.read();
  const accepted = new Recorder();
  const completed = new Recorder();
  await target.profile?.start();
  const cpuBefore = await target.cpu?.();
  const clientBefore = process.cpuUsage();
  await Promise.all(tokens.map((t, i) => timedAnalysis(target.url, t, SYMBOLS[i % SYMBOLS.length] as string, accepted, completed)));
  const client = process.cpuUsage(clientBefore);
  const cpuAfter = await target.cpu?.();
  await target.profile?.stop(count);
  const after = await balances.read();
  return {
    [`${count} analyses started at once: accepted`]: accepted.figures(),
    [`${count} analyses: start to end`]: completed.figures(),
    credits: await creditCheck(target.url, tokens, before, after),
    // Where the two cores went: the server's threads, and this process (clients and AI stand-in).
    ...(cpuBefore &&
      cpuAfter && {
        cpu: `server main thread ${cpuAfter.main - cpuBefore.main} ms, its other threads ${cpuAfter.others - cpuBefore.others} ms (${busyThreads(
          cpuBefore.threads,
          cpuAfter.threads,
        )
          .map(([tid, ms]) => `${tid}: ${ms}`)
          .join(', ')}); load generator ${Math.round((client.user + client.system) / 1000)} ms`,
      }),
  };
}

/**
 * Each user's balance must have dropped by exactly the analyses completed in that user's history
 * (a failed one is refunded). The history, not the start answers, is what counts: a start the
 * gateway answered 504 (the service slower than UPSTREAM_TIMEOUT_MS) may still have run.
 */
async function creditCheck(base: string, tokens: string[], before: number[], after: number[]): Promise<string> {
  const api = apiOf(base);
  let lost = 0;
  let doubled = 0;
  let unanswered = 0;
  for (const [i, token] of tokens.entries()) {
    const history = await api('GET', '/api/users/analysis-history?status=completed&limit=1', token);
    const completed = history.body.total as number;
    const diff = (before[i] as number) - (after[i] as number) - completed;
    if (diff > 0) lost += diff;
    if (diff < 0) doubled -= diff;
    unanswered += Number((await api('GET', '/api/users/analysis-history?status=processing&limit=1', token)).body.total);
  }
  return `${tokens.length} users: ${lost} credits lost, ${doubled} credited twice${unanswered ? ` (${unanswered} analyses still running)` : ''}`;
}

/**
 * Browsing and analyses while, a few seconds in, billing is restarted, then the analysis API,
 * then every connection to RabbitMQ is closed (distributed shape). Every analysis must end
 * (completed, or failed and refunded) and every balance add up.
 */
export async function faults(target: Target): Promise<Record<string, Figures | string>> {
  if (!target.restartService || !target.restartBroker) throw new Error('faults need the distributed shape');
  const tokens = await registerUsers(target.url, 31, 'faults');
  const browser = tokens.pop() as string;
  const balances = balancesOf(target.url, tokens);
  const before = await balances.read();
  const browsing = new Recorder();
  const accepted = new Recorder();
  const completed = new Recorder();
  const events: string[] = [];
  const load = browse(target.url, browser, 10, 25_000, browsing);
  const analyses = Promise.all(
    tokens.map(async (token, i) => {
      const outcomes: string[] = [];
      for (let round = 0; round < 2; round++) {
        await new Promise((resolve) => setTimeout(resolve, (i % 10) * 400 + round * 6000));
        outcomes.push(await timedAnalysis(target.url, token, SYMBOLS[(i + round * 7) % SYMBOLS.length] as string, accepted, completed));
      }
      return outcomes;
    }),
  );
  const at = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const t0 = Date.now();
  await at(3000);
  await target.restartService('billing');
  events.push(`billing restarted at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await at(2000);
  await target.restartService('analysis');
  events.push(`analysis API restarted at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await at(2000);
  await target.restartBroker();
  events.push(`RabbitMQ connections closed at ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  await analyses;
  await load;
  // Refunds travel as events: give them time to land before the balances are read.
  await at(3000);
  const after = await balances.read();
  return {
    faults: events.join('; '),
    'browsing meanwhile (10 callers, 25 s)': browsing.figures(),
    'analyses meanwhile: accepted': accepted.figures(),
    'analyses meanwhile: start to end': completed.figures(),
    credits: await creditCheck(target.url, tokens, before, after),
  };
}

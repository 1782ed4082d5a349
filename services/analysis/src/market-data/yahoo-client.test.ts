import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger } from '@stockai/platform';
import { startYahooStandIn, type YahooStandIn } from '../../../../tests/support/yahoo-stand-in';
import { createYahooClient } from './yahoo-client';

const logger = createLogger('analysis-test', 'silent');

/** How long the line to Yahoo takes to answer: longer than two start intervals, so a third request would overlap two running ones. */
const ANSWER_AFTER_MS = 600;
/** The client's policy (yahoo-client.ts): at most 2 requests at once, starts at least 250 ms apart. */
const CONCURRENCY = 2;
const INTERVAL_MS = 250;
/**
 * What loopback and a busy machine may shave off a gap as the line sees it: one request
 * delayed on its way while the next is not (234 ms was seen for 250 with the suite running
 * alongside). Still well above what a broken throttle gives (an interval of 100 ms: 93 ms).
 */
const JITTER_MS = 100;

interface Seen {
  path: string;
  arrived: number;
  answered: number;
}

/**
 * In front of the Yahoo stand-in: notes when each request arrives and when it is answered, and
 * answers only after ANSWER_AFTER_MS, as a slow Yahoo would, so requests overlap unless the
 * client holds them back.
 */
async function startSlowLine(standIn: YahooStandIn): Promise<{ url: string; seen: Seen[]; close(): Promise<void> }> {
  const seen: Seen[] = [];
  const target = new URL(standIn.url);
  const server: Server = createServer((req, res) => {
    const entry: Seen = { path: req.url ?? '', arrived: performance.now(), answered: Number.POSITIVE_INFINITY };
    seen.push(entry);
    const upstream = request(
      { host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers },
      (answer) => {
        const chunks: Buffer[] = [];
        answer.on('data', (c: Buffer) => chunks.push(c));
        answer.on('end', () => {
          setTimeout(() => {
            entry.answered = performance.now();
            res.writeHead(answer.statusCode ?? 502, answer.headers).end(Buffer.concat(chunks));
          }, ANSWER_AFTER_MS);
        });
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The most requests the line was answering at one moment. */
function mostAtOnce(seen: Seen[]): number {
  return Math.max(...seen.map((s) => seen.filter((o) => o.arrived <= s.arrived && s.arrived < o.answered).length));
}

describe('the Yahoo client', () => {
  let standIn: YahooStandIn;
  let line: Awaited<ReturnType<typeof startSlowLine>>;

  beforeAll(async () => {
    standIn = await startYahooStandIn();
    line = await startSlowLine(standIn);
  });

  afterAll(async () => {
    await line?.close();
    await standIn?.close();
  });

  it('keeps at most 2 requests to Yahoo in flight and starts them at least 250 ms apart', async () => {
    const sut = createYahooClient({ baseUrl: line.url, timeoutMs: 10_000, logger });
    const symbols = ['AAPL', '0700.HK', 'AAPL', '0700.HK', 'AAPL', '0700.HK'];

    const quotes = await Promise.all(symbols.map((symbol) => sut.quote(symbol)));

    expect(quotes.map((q) => q.symbol)).toEqual(symbols);
    const quoteRequests = line.seen.filter((s) => s.path.startsWith('/v7/finance/quote'));
    expect(quoteRequests).toHaveLength(6);
    // Every request counts, the session cookie and crumb the library fetches first included.
    expect(mostAtOnce(line.seen)).toBe(CONCURRENCY);
    const arrivals = line.seen.map((s) => s.arrived).sort((a, b) => a - b);
    const gaps = arrivals.slice(1).map((at, i) => at - (arrivals[i] as number));
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(INTERVAL_MS - JITTER_MS);
  });
});

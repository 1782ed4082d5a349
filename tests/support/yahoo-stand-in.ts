import { readFileSync, existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/**
 * Yahoo Finance on 127.0.0.1: serves the responses under fixtures/yahoo in Yahoo's own shapes
 * for the endpoints yahoo-finance2 calls — the cookie page and crumb, v7 quote, v8 chart and
 * the fundamentals time series (a chart answers the requested window of its daily bars) — so the real client library runs unmodified against it (point
 * its `baseUrl` here). A symbol without a fixture answers as Yahoo does for an unknown one.
 */
export interface YahooStandIn {
  url: string;
  /** Paths (with query) requested so far, in order. */
  requests: string[];
  /** Answer every request with this status (and Yahoo's plain-text body) until called with null. */
  failWith(status: number | null): void;
  /** Answer as if Yahoo had nothing for these symbols (quote, chart, fundamentals). */
  withhold(...symbols: string[]): void;
  /** Quote `symbol` at `price` from now on (its fixture's other fields unchanged): the market moved. */
  movePrice(symbol: string, price: number): void;
  close(): Promise<void>;
}

const FIXTURES = path.join(__dirname, 'fixtures', 'yahoo');
const STATUS_TEXT: Record<number, string> = {
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

function fixture(kind: string, symbol: string): string | null {
  const file = path.join(FIXTURES, kind, `${symbol}.json`);
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

interface ChartBody {
  chart: {
    result: Array<{
      timestamp?: number[];
      indicators: { quote: Array<Record<string, Array<number | null>>>; adjclose?: Array<{ adjclose: Array<number | null> }> };
    }>;
  };
}

/**
 * The daily bars between `period1` and `period2` (epoch seconds), as Yahoo answers a chart
 * request: the fixtures hold the whole recorded series, a request gets its window of it.
 */
function window(body: ChartBody, params: URLSearchParams): ChartBody {
  const from = Number(params.get('period1') ?? 0);
  const to = Number(params.get('period2') ?? Number.MAX_SAFE_INTEGER);
  const [result] = body.chart.result;
  if (!result?.timestamp) return body;
  const keep = result.timestamp.map((t) => t >= from && t <= to);
  const pick = <T>(list: T[]) => list.filter((_, i) => keep[i]);
  result.timestamp = pick(result.timestamp);
  result.indicators.quote = result.indicators.quote.map((q) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, pick(v)])));
  result.indicators.adjclose = result.indicators.adjclose?.map((a) => ({ adjclose: pick(a.adjclose) }));
  return body;
}

export async function startYahooStandIn(): Promise<YahooStandIn> {
  const requests: string[] = [];
  const withheld = new Set<string>();
  const moved = new Map<string, number>();
  let failure: number | null = null;

  const json = (res: ServerResponse, status: number, body: string) => {
    res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' }).end(body);
  };
  const have = (kind: string, symbol: string) => (withheld.has(symbol) ? null : fixture(kind, symbol));

  function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push(url.pathname + url.search);
    if (failure !== null) {
      res.writeHead(failure, { 'content-type': 'text/plain' }).end(STATUS_TEXT[failure] ?? 'Error');
      return;
    }
    // finance.yahoo.com/quote/AAPL: the page that sets the session cookie yahoo-finance2 asks for.
    if (url.pathname.startsWith('/quote/')) {
      const expires = new Date(Date.now() + 365 * 86_400_000).toUTCString();
      res.writeHead(200, {
        'content-type': 'text/html',
        'set-cookie': `A3=d=AQABBStandIn&S=AQAAAStandIn; Expires=${expires}; Max-Age=31557600; Domain=.yahoo.com; Path=/; Secure; HttpOnly; SameSite=None`,
      });
      res.end('<!doctype html><html><head><title>Yahoo Finance</title></head><body></body></html>');
      return;
    }
    if (url.pathname === '/v1/test/getcrumb') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('StandInCrumb1');
      return;
    }
    if (url.pathname === '/v7/finance/quote') {
      const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean);
      const results = symbols
        .map((s) => {
          const quote = have('quote', s);
          const price = moved.get(s);
          return quote !== null && price !== undefined ? JSON.stringify({ ...JSON.parse(quote), regularMarketPrice: price }) : quote;
        })
        .filter((q): q is string => q !== null);
      json(res, 200, `{"quoteResponse":{"result":[${results.join(',')}],"error":null}}`);
      return;
    }
    const chart = /^\/v8\/finance\/chart\/(.+)$/.exec(url.pathname);
    if (chart?.[1]) {
      const body = have('chart', decodeURIComponent(chart[1]));
      if (!body)
        json(res, 404, '{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}');
      else if ((url.searchParams.get('interval') ?? '1d') !== '1d')
        json(res, 400, '{"chart":{"result":null,"error":{"code":"Bad Request","description":"Invalid interval"}}}');
      else json(res, 200, JSON.stringify(window(JSON.parse(body) as ChartBody, url.searchParams)));
      return;
    }
    const series = /^\/ws\/fundamentals-timeseries\/v1\/finance\/timeseries\/(.+)$/.exec(url.pathname);
    if (series?.[1]) {
      json(res, 200, have('fundamentals-timeseries', decodeURIComponent(series[1])) ?? '{"timeseries":{"result":[],"error":null}}');
      return;
    }
    json(res, 404, '{"finance":{"result":null,"error":{"code":"Not Found","description":"Path not found"}}}');
  }

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    failWith(status) {
      failure = status;
    },
    withhold(...symbols) {
      for (const s of symbols) withheld.add(s);
    },
    movePrice(symbol, price) {
      moved.set(symbol, price);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

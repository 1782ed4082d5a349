import YahooFinance from 'yahoo-finance2';
import type { Logger } from '@stockai/platform';

export type YahooClient = InstanceType<typeof YahooFinance>;

export interface YahooClientOptions {
  /**
   * Sends every Yahoo request (quote, crumb, fundamentals, chart, on whichever yahoo.com host)
   * to this origin instead, path and query unchanged: a local stand-in in tests, a proxy in
   * production. Unset: Yahoo itself.
   */
  baseUrl?: string;
  /** Per-request timeout. */
  timeoutMs: number;
  logger: Logger;
}

/** `https://query2.finance.yahoo.com/v7/finance/quote?...` → `<baseUrl>/v7/finance/quote?...` */
function redirectToBase(url: string, baseUrl: string | undefined): string {
  if (!baseUrl) return url;
  const parsed = new URL(url);
  if (!parsed.hostname.endsWith('yahoo.com')) return url;
  return new URL(parsed.pathname + parsed.search, baseUrl).href;
}

/**
 * The real yahoo-finance2 client, with its fetch wrapped to apply `baseUrl` and a timeout. At
 * most two requests run at once and starts are spaced 250 ms apart (the library's shared
 * queue), which keeps a busy analysis service well inside Yahoo's unofficial rate limits.
 */
export function createYahooClient(options: YahooClientOptions): YahooClient {
  const fetchVia: typeof fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const response = await fetch(redirectToBase(url, options.baseUrl), {
      ...init,
      signal: init?.signal ?? AbortSignal.timeout(options.timeoutMs),
    });
    // yahoo-finance2 keeps Yahoo's session cookie only if `getSetCookie()` passes `instanceof
    // Array`; where modules run in their own realm (jest's vm) Node's array fails that check.
    // A copy made here belongs to the realm the library runs in.
    const setCookies = [...response.headers.getSetCookie()];
    Object.defineProperty(response.headers, 'getSetCookie', { value: () => [...setCookies] });
    return response;
  };
  const log = options.logger.child({ component: 'yahoo-finance2' });
  return new YahooFinance({
    fetch: fetchVia,
    queue: { concurrency: 2, interval: 250 },
    suppressNotices: ['yahooSurvey'],
    versionCheck: false,
    validation: { logErrors: false, logOptionsErrors: false },
    logger: {
      info: (...args: unknown[]) => log.debug({ args }, 'yahoo-finance2 info'),
      warn: (...args: unknown[]) => log.warn({ args }, 'yahoo-finance2 warning'),
      error: (...args: unknown[]) => log.warn({ args }, 'yahoo-finance2 error'),
      debug: () => undefined,
      dir: () => undefined,
    },
  });
}

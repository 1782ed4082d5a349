import type { Database, Logger } from '@stockai/platform';
import type { YahooCache } from './yahoo-cache';
import type { YahooClient } from './yahoo-client';

/** The latest price of a stock, as the market-data provider gives it (the watchlist and its alerts read it). */
export interface Quote {
  price: number | null;
  /** The price's date (ISO date, or year-month where the bundled source gives only that). */
  asOf: string | null;
  currency: string | null;
  /** The as-of date of the stock's loaded figures (the bundled snapshot's); null when none are loaded. */
  figuresAsOf: string | null;
}

/** Latest prices of many stocks at once: the watchlist page and every round of the alerts' evaluation. */
export interface QuoteSource {
  quotes(symbols: string[]): Promise<Map<string, Quote>>;
}

/**
 * The bundled snapshot's prices, in one query: a price changes when newer data is loaded
 * (`npm run load-stocks`), and the figures' date with it.
 */
export function snapshotQuotes(db: Database): QuoteSource {
  return {
    async quotes(symbols) {
      if (symbols.length === 0) return new Map();
      const { rows } = await db.query<{ symbol: string; price: number | null; as_of: string | null; currency: string }>(
        'SELECT symbol, price, as_of, currency FROM stock_fundamentals WHERE symbol = ANY($1)',
        [symbols],
      );
      return new Map(rows.map((r) => [r.symbol, { price: r.price, asOf: r.as_of, currency: r.currency, figuresAsOf: r.as_of }]));
    },
  };
}

/** Symbols per Yahoo quote request. */
export const QUOTE_BATCH = 50;
/** How long a Yahoo quote is reused: the watchlist page and the alerts of one round share it, and Yahoo is asked at most this often per stock. */
export const QUOTE_TTL_SECONDS = 60;

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Yahoo Finance's prices, asked in batches of QUOTE_BATCH symbols (one v7 quote request each,
 * through the client's queue: two at once, starts 250 ms apart) and kept QUOTE_TTL_SECONDS in
 * the service's cache. A stock Yahoo has no price for, or a batch that fails, gets the
 * snapshot's price instead; the figures' date is always the snapshot's (it tells when newer
 * figures were loaded).
 */
export function yahooQuotes(options: {
  client: YahooClient;
  cache: YahooCache;
  snapshot: QuoteSource;
  logger: Logger;
  /** How long a batch's answer is reused (default QUOTE_TTL_SECONDS; 0: never). */
  ttlSeconds?: number;
}): QuoteSource {
  const ttlSeconds = options.ttlSeconds ?? QUOTE_TTL_SECONDS;
  async function batch(symbols: string[]): Promise<Row[]> {
    const key = `quotes:${symbols.join(',')}`;
    return options.cache.through(
      key,
      ttlSeconds,
      async () => {
        const answer = (await options.client.quote(symbols, { return: 'array' })) as unknown as Row[];
        // Only what the watchlist reads is kept: Yahoo's whole quote is large.
        return answer.map((q) => ({
          symbol: q.symbol,
          price: num(q.regularMarketPrice),
          time: q.regularMarketTime instanceof Date ? q.regularMarketTime.toISOString().slice(0, 10) : null,
          currency: typeof q.currency === 'string' ? q.currency : null,
        }));
      },
      // An answer without some symbols is kept too: Yahoo has no quote for them, the snapshot stands in.
      () => ttlSeconds > 0,
    );
  }

  return {
    async quotes(symbols) {
      const result = await options.snapshot.quotes(symbols);
      const sorted = [...new Set(symbols)].sort();
      for (let i = 0; i < sorted.length; i += QUOTE_BATCH) {
        const part = sorted.slice(i, i + QUOTE_BATCH);
        try {
          for (const q of await batch(part)) {
            const symbol = String(q.symbol);
            const price = num(q.price);
            if (price === null || !part.includes(symbol)) continue;
            result.set(symbol, {
              price,
              asOf: (q.time as string | null) ?? null,
              currency: (q.currency as string | null) ?? null,
              figuresAsOf: result.get(symbol)?.figuresAsOf ?? null,
            });
          }
        } catch (err) {
          options.logger.warn({ err, symbols: part.length }, 'yahoo quotes failed; the snapshot prices stand in');
        }
      }
      return result;
    },
  };
}

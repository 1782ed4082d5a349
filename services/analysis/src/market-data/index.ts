import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Cache, Database, Logger } from '@stockai/platform';
import { BUNDLED_MARKET_DATA } from '../universe/bundle';
import { parseFxTable } from '../universe/fx';
import { createUniverse, type Universe } from '../universe/service';
import { snapshotProvider } from './snapshot';
import { createYahooClient } from './yahoo-client';
import { yahooProvider } from './yahoo';
import { yahooCache } from './yahoo-cache';
import type { MarketDataProvider } from './types';
import { type QuoteSource, snapshotQuotes, yahooQuotes } from './quotes';

export type { FiscalYear, MarketData, MarketDataProvider, Market, PeerFigures, PriceHistory, SectorMedians } from './types';
export { snapshotProvider } from './snapshot';
export type { Quote, QuoteSource } from './quotes';

export interface MarketDataOptions {
  /** `MARKET_DATA`: the bundled snapshot (default) or Yahoo Finance with the snapshot as fallback. */
  source: 'snapshot' | 'yahoo';
  db: Database;
  yahoo?: {
    /** `YAHOO_BASE_URL`: send Yahoo requests to this origin instead (a stand-in or a proxy). */
    baseUrl?: string;
    /** Per-request timeout (default 8 s). */
    timeoutMs?: number;
  };
  logger: Logger;
  /** Where Yahoo's statements and daily prices are kept between analyses (the service's Redis or memory cache); unset: not kept. */
  cache?: Cache;
  /** The universe to read stocks from (default: one over `db`). */
  universe?: Universe;
}

/** The market-data provider the analysis pipeline uses, chosen by `MARKET_DATA`. */
export function createMarketDataProvider(options: MarketDataOptions): MarketDataProvider {
  const universe = options.universe ?? createUniverse(options.db, { logger: options.logger });
  const snapshot = snapshotProvider(universe);
  if (options.source === 'snapshot') return snapshot;
  return yahooProvider({
    client: createYahooClient({ baseUrl: options.yahoo?.baseUrl, timeoutMs: options.yahoo?.timeoutMs ?? 8000, logger: options.logger }),
    find: (symbol) => universe.find(symbol),
    fallback: snapshot,
    fx: parseFxTable(readFileSync(path.join(BUNDLED_MARKET_DATA, 'fx-rates.csv'), 'utf8')),
    logger: options.logger,
    cache: yahooCache(options.cache, options.logger),
  });
}

/** The latest prices of many stocks at once (the watchlist and its alerts), from the source `MARKET_DATA` names. */
export function createQuoteSource(options: MarketDataOptions): QuoteSource {
  const snapshot = snapshotQuotes(options.db);
  if (options.source === 'snapshot') return snapshot;
  return yahooQuotes({
    client: createYahooClient({ baseUrl: options.yahoo?.baseUrl, timeoutMs: options.yahoo?.timeoutMs ?? 8000, logger: options.logger }),
    cache: yahooCache(options.cache, options.logger),
    snapshot,
    logger: options.logger,
  });
}

import type { Database, Logger } from '@stockai/platform';
import type { SectorMedians } from '../market-data/types';
import { withChineseLabels } from './labels';
import { loadUniverse } from './loader';
import { fundamentalsRepo, loadsRepo, type PeerGroup, stocksRepo } from './repo';
import { stockSearchIndex } from './search-index';
import { normaliseSymbol } from './symbols';
import type { Fundamentals, Stock, StockStatusAnswer, StockSummary } from './types';

/** NUL and the other control characters: in no symbol, and PostgreSQL refuses NUL in text. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;

/** How often a search asks which load is newest (see `searchIndex`). */
const VERSION_CHECK_MS = 5000;

export interface Universe {
  /** The stock of a symbol in any accepted spelling (`700`, `brk.b`); null when unknown. */
  find(symbol: string): Promise<Stock | null>;
  /**
   * Whether the stock can be analysed, and why not; null when unknown. With `requireFigures`
   * (the bundled snapshot is the market data), an active stock without bundled figures is
   * `no_data`: an analysis of it could not be made, so it is never charged.
   */
  statusOf(symbol: string, options?: { requireFigures?: boolean }): Promise<StockStatusAnswer | null>;
  /** Stocks whose symbol or English or Chinese name contains `q`, best matches first. */
  search(q: string, limit: number): Promise<Stock[]>;
  /** Every stock, compact, in symbol order (GET /api/stocks keeps it, encoded, until the next load). */
  list(): Promise<StockSummary[]>;
  /** The id of the newest load: versions whatever is cached from the universe (the encoded list, the medians). */
  version(): Promise<number>;
  /** Medians of the stock's analysable peers: same market and sector, itself left out (cached until the next load). */
  sectorMedians(stock: PeerGroup): Promise<SectorMedians | null>;
  /** The bundled figures of a symbol; null when the bundle has none. */
  fundamentals(symbol: string): Promise<Fundamentals | null>;
  /** Loads the bundled data when the database does not hold this bundle yet (first start, newer files). */
  ensureLoaded(): Promise<void>;
  /**
   * Builds the in-memory index that searches and lookups (every start's status check) read, as
   * the first of them would: a process that serves them builds it before it reports ready, so
   * its first searches after a start or a restart under load do not each wait the ~0.4 s (more
   * under load) of reading the whole universe.
   */
  warm(): Promise<void>;
}

/** Why a listed stock without figures cannot be analysed (the status check's reason). */
export const NO_DATA_REASON = '暫無足夠財務數據：內置市場數據沒有此股票的股價或主要財務數字，因此未能提供分析，亦不會扣除點數。';

export interface UniverseOptions {
  /** The market data directory (default: the bundled data/market). */
  dataDir?: string;
  logger?: Logger;
}

export function createUniverse(db: Database, options: UniverseOptions = {}): Universe {
  let loading: Promise<void> | null = null;
  let mediansCache: { version: number; byStock: Map<string, Promise<SectorMedians | null>> } = { version: -1, byStock: new Map() };

  const version = async () => (await loadsRepo.latest(db))?.id ?? 0;

  /**
   * The stocks of the newest load in memory, for searches and lookups (`find`, so every analysis
   * start's status check). Which load is newest is asked at most once per VERSION_CHECK_MS: a
   * search or a lookup then costs no database round trip, and a load made by another process
   * shows within that time (stocks change only by a load).
   */
  let index: { version: number; search: Promise<ReturnType<typeof stockSearchIndex>> } | undefined;
  let checked: { at: number; version: Promise<number> } | undefined;
  const searchIndex = async () => {
    if (!checked || Date.now() - checked.at > VERSION_CHECK_MS) checked = { at: Date.now(), version: version() };
    const current = await checked.version.catch((err: unknown) => {
      checked = undefined;
      throw err;
    });
    if (index?.version !== current) {
      const search = stocksRepo.all(db).then((stocks) => stockSearchIndex(stocks.map(withChineseLabels)));
      index = { version: current, search };
      search.catch(() => {
        if (index?.search === search) index = undefined;
      });
    }
    return index.search;
  };

  return {
    async find(symbol) {
      const normalised = normaliseSymbol(symbol);
      if (CONTROL_CHARACTER.test(normalised)) return null;
      return (await searchIndex()).find(normalised);
    },

    async statusOf(symbol, statusOptions = {}) {
      const stock = await this.find(symbol);
      if (!stock) return null;
      if (stock.status === 'active' && statusOptions.requireFigures && !stock.hasFigures) {
        // A company whose compiled figures failed the loader's checks gives that reason (validate.ts).
        return { symbol: stock.symbol, isActive: false, status: 'no_data', reason: stock.reason ?? NO_DATA_REASON };
      }
      return {
        symbol: stock.symbol,
        isActive: stock.status === 'active',
        status: stock.status,
        reason: stock.status === 'active' ? null : stock.reason,
      };
    },

    async search(q, limit) {
      const text = q.trim();
      if (!text) return [];
      return (await searchIndex()).search(text, normaliseSymbol(text), limit);
    },

    list: () => stocksRepo.list(db),

    version,

    async sectorMedians(stock) {
      const current = await version();
      if (mediansCache.version !== current) mediansCache = { version: current, byStock: new Map() };
      const key = `${stock.market}|${stock.sector}|${stock.symbol}`;
      let medians = mediansCache.byStock.get(key);
      if (!medians) {
        medians = fundamentalsRepo.sectorMedians(db, stock);
        mediansCache.byStock.set(key, medians);
      }
      return medians;
    },

    async fundamentals(symbol) {
      const normalised = normaliseSymbol(symbol);
      if (CONTROL_CHARACTER.test(normalised)) return null;
      return (await fundamentalsRepo.find(db, normalised)) ?? null;
    },

    async warm() {
      await searchIndex();
      // The first lookup after it still asks which load is newest (one small read), as it would
      // have without the warming: a load another process made meanwhile shows at once.
      checked = undefined;
    },

    ensureLoaded() {
      loading ??= loadUniverse(db, { dir: options.dataDir }).then(
        (result) => {
          checked = undefined; // this process's own load shows at once
          if (result.loaded) options.logger?.info({ ...result }, 'stock universe loaded');
        },
        (err: unknown) => {
          loading = null;
          throw err;
        },
      );
      return loading;
    },
  };
}

import { randomUUID } from 'node:crypto';
import {
  type AlertKind,
  type MembershipLevel,
  WATCHLIST_LIMITS,
  type WatchlistAlert,
  type WatchlistItem,
  type WatchlistReport,
  type WatchlistResponse,
} from '@stockai/contracts';
import { type Database, type Logger, conflict, isPlainText, notFound } from '@stockai/platform';
import { isUuid } from '../analyses/view';
import type { QuoteSource } from '../market-data';
import type { Stock } from '../universe';
import { type AlertRow, watchlistRepo } from './repo';
import { reportOf } from './reports';

export interface WatchlistDeps {
  db: Database;
  /** The universe: a symbol as typed (`700`, `aapl`) to its listed stock, or null. */
  findStock(symbol: string): Promise<Stock | null>;
  quotes: QuoteSource;
  /** The caller's level as billing holds it, asked with their token (billing-client's `level`). */
  levelFromBilling(authorization: string | undefined): Promise<MembershipLevel>;
  logger: Logger;
}

/** The name investors read: the Chinese name where the universe has one. */
export const stockName = (stock: Pick<Stock, 'name' | 'nameZh'> | null, symbol: string) => stock?.nameZh || stock?.name || symbol;

const unknownStock = (symbol: string) =>
  notFound(isPlainText(symbol) ? `There is no stock with the symbol ${symbol}` : 'There is no stock with this symbol', 'STOCK_NOT_FOUND');

export function alertView(row: AlertRow): WatchlistAlert {
  return {
    id: row.id,
    kind: row.kind,
    ...(row.price !== null ? { price: row.price } : {}),
    active: row.armed,
    lastFiredAt: row.last_fired_at?.toISOString() ?? null,
  };
}

/**
 * A member's watchlist: the stocks they follow with the latest price and their last report, and
 * the alerts on each. Symbols are read as an analysis start reads them (`700` is 0700.HK); a
 * member only ever reaches their own rows (anyone else's are not found).
 */
export function watchlistService(deps: WatchlistDeps) {
  const { db } = deps;

  /** The listed stock a typed symbol names; 404 STOCK_NOT_FOUND otherwise. */
  async function listed(symbol: string): Promise<Stock> {
    const stock = await deps.findStock(symbol);
    if (!stock) throw unknownStock(symbol);
    return stock;
  }

  /** The symbol as stored: the listed stock's, or the typed one when the universe no longer lists it (so it can still be removed). */
  async function storedSymbol(typed: string): Promise<string> {
    return (await deps.findStock(typed))?.symbol ?? typed.trim().toUpperCase();
  }

  /**
   * The member's level for the limit: as billing last announced it (`membership.changed`), else
   * asked of billing once and kept. A member whose level was set before this service listened
   * (a paid member from before the watchlist) would otherwise count as free. Billing not
   * answering leaves them free for this request, and asked again on the next.
   */
  async function levelOf(userId: string, authorization: string | undefined): Promise<MembershipLevel> {
    const heard = await watchlistRepo.level(db, userId);
    if (heard) return heard;
    try {
      const level = await deps.levelFromBilling(authorization);
      await watchlistRepo.recordLevel(db, userId, level, new Date().toISOString());
      return level;
    } catch (err) {
      deps.logger.warn({ err, userId }, "billing did not tell the member's level; the watchlist counts them free for now");
      return 'free';
    }
  }

  async function items(userId: string, symbols: string[]): Promise<WatchlistItem[]> {
    if (symbols.length === 0) return [];
    const [quotes, reports, alerts, stocks] = await Promise.all([
      deps.quotes.quotes(symbols),
      watchlistRepo.lastReports(db, userId, symbols),
      watchlistRepo.alertsOf(db, userId),
      Promise.all(symbols.map((s) => deps.findStock(s))),
    ]);
    const reportBySymbol = new Map<string, WatchlistReport>(reports.map((r) => [r.symbol, reportOf(r).view]));
    return symbols.map((symbol, i) => {
      const quote = quotes.get(symbol);
      return {
        symbol,
        name: stockName(stocks[i] ?? null, symbol),
        lastPrice: quote?.price ?? null,
        priceAsOf: quote?.asOf ?? null,
        report: reportBySymbol.get(symbol) ?? null,
        alerts: alerts.filter((a) => a.symbol === symbol).map(alertView),
      };
    });
  }

  return {
    async list(userId: string, authorization: string | undefined): Promise<WatchlistResponse> {
      const [symbols, level] = await Promise.all([watchlistRepo.symbols(db, userId), levelOf(userId, authorization)]);
      return { items: await items(userId, symbols), limit: WATCHLIST_LIMITS[level] };
    },

    /** Adds a stock: `added` false when it was on the list already. 409 WATCHLIST_FULL past the level's limit. */
    async add(userId: string, typed: string, authorization: string | undefined): Promise<{ added: boolean; item: WatchlistItem }> {
      const stock = await listed(typed);
      const level = await levelOf(userId, authorization);
      const limit = WATCHLIST_LIMITS[level];
      const outcome = await db.transaction((tx) => watchlistRepo.add(tx, userId, stock.symbol, limit));
      if (outcome === 'full')
        throw conflict(
          `The watchlist of a ${level} member holds at most ${limit} stocks; remove one or upgrade your plan`,
          'WATCHLIST_FULL',
        );
      const [item] = await items(userId, [stock.symbol]);
      return { added: outcome === 'added', item: item as WatchlistItem };
    },

    async remove(userId: string, typed: string): Promise<void> {
      if (!(await watchlistRepo.remove(db, userId, await storedSymbol(typed))))
        throw notFound(`${typed.trim()} is not on your watchlist`, 'NOT_IN_WATCHLIST');
    },

    async addAlert(userId: string, typed: string, alert: { kind: AlertKind; price: number | null }): Promise<WatchlistAlert> {
      const symbol = await storedSymbol(typed);
      const row = await watchlistRepo.addAlert(db, { id: randomUUID(), userId, symbol, ...alert });
      if (!row) throw notFound(`${typed.trim()} is not on your watchlist: add it first`, 'NOT_IN_WATCHLIST');
      return alertView(row);
    },

    async removeAlert(userId: string, typed: string, id: string): Promise<void> {
      const removed = isUuid(id) && (await watchlistRepo.removeAlert(db, userId, await storedSymbol(typed), id));
      if (!removed) throw notFound(`There is no such alert on ${typed.trim()} in your watchlist`, 'ALERT_NOT_FOUND');
    },
  };
}
export type WatchlistService = ReturnType<typeof watchlistService>;

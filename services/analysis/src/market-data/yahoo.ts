import type { Logger } from '@stockai/platform';
import type { FxTable } from '../universe/fx';
import { describeRate } from '../universe/fx';
import type { Stock } from '../universe/types';
import type { YahooClient } from './yahoo-client';
import type { FiscalYear, MarketData, MarketDataProvider, PriceHistory } from './types';
import { PRICES_TTL_SECONDS, STATEMENTS_TTL_SECONDS, type YahooCache } from './yahoo-cache';
import { type ChartAnswer, type DailyBar, dailyBars, HISTORY_YEARS, priceHistoryOf, yearRange } from './yahoo-prices';
import { convertYear, fcfGrowthOf, fiscalYears, latestYearNote, STATEMENT_YEARS } from './yahoo-statements';

export interface YahooProviderOptions {
  client: YahooClient;
  /** The universe's view of the stock (names in Chinese, sector, industry: Yahoo's quote has none). */
  find(symbol: string): Promise<Stock | null>;
  /** Where the figures come from when Yahoo fails: the snapshot. */
  fallback: MarketDataProvider;
  /** The bundled FX table, for when Yahoo has no rate for a conversion. */
  fx: FxTable;
  logger: Logger;
  now?: () => Date;
  /** How long to leave Yahoo alone after it answers 429 (yahoo-finance2 does not pass Retry-After on). */
  coolDownMs?: number;
  /** Where statements and daily prices are kept between analyses (yahoo-cache.ts). */
  cache: YahooCache;
}

/** Said after a chart's window when it ends more than a week before the quote: its last close is not today's price. */
function staleRemark(to: string, asOf: string | null): string {
  return asOf && Date.parse(asOf) - Date.parse(to) > 7 * 86_400_000 ? `；並非最新股價（報價日期 ${asOf}）` : '';
}

/** The index each market's β is measured against, fetched from Yahoo like the stock. */
const MARKET_INDEX = {
  US: { symbol: '^GSPC', name: 'S&P 500 指數（^GSPC，Yahoo Finance）' },
  HK: { symbol: '^HSI', name: '恒生指數（^HSI，Yahoo Finance）' },
} as const;

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const isoDate = (value: unknown): string | null =>
  value instanceof Date && !Number.isNaN(value.getTime()) ? value.toISOString().slice(0, 10) : null;

/** The Yahoo error's HTTP status, when it was one. */
function httpStatus(err: unknown): number | null {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : null;
}

function describeFailure(err: unknown): string {
  const status = httpStatus(err);
  if (status === 429) return 'Yahoo Finance 暫時限制請求次數';
  if (status) return `Yahoo Finance 回應錯誤，狀態碼 ${status}`;
  if ((err as Error | null)?.name === 'TimeoutError') return 'Yahoo Finance 回應逾時';
  return 'Yahoo Finance 暫時無法連線或回應格式有誤';
}

/**
 * Book value per share in the trading currency: price ÷ price-to-book when Yahoo gives both
 * (the ratio is quoted against the trading price, so the quotient is already in the trading
 * currency and needs no conversion — converting Yahoo's `bookValue` as well counted the
 * exchange rate twice); else Yahoo's `bookValue` converted from the reporting currency.
 */
export function bookValueOf(
  price: number | null,
  priceToBook: number | null,
  converted: number | null,
): { value: number | null; derived: boolean } {
  if (price !== null && price > 0 && priceToBook !== null && priceToBook > 0) return { value: price / priceToBook, derived: true };
  return { value: converted, derived: false };
}

/**
 * Live figures from Yahoo Finance through yahoo-finance2: `quote` (price, change, volume,
 * valuation ratios, currencies), `fundamentalsTimeSeries` (up to five fiscal years of revenue,
 * net income, EBITDA, operating cash flow, capex, free cash flow, debt, cash, equity and
 * shares: the latest year gives the figures, the series the free-cash-flow growth) and `chart`
 * (five years of daily prices of the stock and of its market's index, ^GSPC or ^HSI: the
 * weekly chart, a two-year β and volatility, the 52-week range when the quote lacks it).
 * Statements and prices are cached (yahoo-cache.ts); a part Yahoo cannot give is left out and
 * said in `notes`, never filled in. Statement figures come in the reporting currency
 * and are converted to the trading currency at Yahoo's own rate (`CNYHKD=X`), or the bundled
 * table when Yahoo has none, with a note either way. When Yahoo fails (an error, a timeout,
 * no quote) the snapshot answers instead and its notes say so first; after a 429 Yahoo is
 * left alone for a minute and the snapshot answers meanwhile.
 */
export function yahooProvider(options: YahooProviderOptions): MarketDataProvider {
  const now = options.now ?? (() => new Date());
  let coolDownUntil = 0;

  async function fallBack(symbol: string, reason: string): Promise<MarketData> {
    const data = await options.fallback.fetch(symbol);
    return {
      ...data,
      notes: [`未能從 Yahoo Finance 取得即時數據（${reason}），改用離線快照數據（截至 ${data.asOf ?? '不詳'}）。`, ...data.notes],
    };
  }

  /** Units of `to` per `from`: Yahoo's rate, else the bundled table's; null when neither has one. */
  async function conversion(from: string, to: string): Promise<{ rate: number; note: string } | null> {
    try {
      const quote = (await options.client.quote(`${from}${to}=X`)) as Row | undefined;
      const rate = num(quote?.regularMarketPrice);
      if (rate && rate > 0)
        return {
          rate,
          note: `1 ${from} = ${rate.toFixed(4)} ${to}（Yahoo Finance 匯率 ${from}${to}=X，${isoDate(quote?.regularMarketTime) ?? '即時'}）`,
        };
    } catch (err) {
      options.logger.warn({ err, from, to }, 'yahoo FX rate unavailable; using the bundled table');
    }
    const bundled = options.fx.rate(from, to, now().toISOString().slice(0, 10));
    return bundled && { rate: bundled.rate, note: `${describeRate(bundled)}（Yahoo 沒有匯率，改用內置匯率表）` };
  }

  const yearsAgo = (years: number) => new Date(now().getTime() - years * 365.25 * 86_400_000);

  /** The annual statements, oldest first, in the reporting currency; cached for a day. */
  function statements(symbol: string): Promise<FiscalYear[]> {
    return options.cache.through(
      `statements:${symbol}`,
      STATEMENTS_TTL_SECONDS,
      async () =>
        fiscalYears(
          (await options.client.fundamentalsTimeSeries(symbol, {
            period1: yearsAgo(STATEMENT_YEARS),
            type: 'annual',
            module: 'all',
          })) as Row[],
        ),
      (years) => years.length > 0,
    );
  }

  /** Five years of daily bars; cached for half a day. */
  function bars(symbol: string): Promise<DailyBar[]> {
    return options.cache.through(
      `daily:${symbol}`,
      PRICES_TTL_SECONDS,
      async () =>
        dailyBars((await options.client.chart(symbol, { period1: yearsAgo(HISTORY_YEARS), interval: '1d' })) as unknown as ChartAnswer),
      (list) => list.length > 0,
    );
  }

  /**
   * The stock's price history and its β against the market's index: a missing index leaves the
   * chart without a β, a missing chart leaves both to the bundled tables; each said in `notes`.
   */
  async function history(stock: Stock, notes: string[]): Promise<{ bars: DailyBar[]; history: PriceHistory | null }> {
    const index = MARKET_INDEX[stock.market];
    const [own, market] = await Promise.all([
      bars(stock.symbol).catch((err: unknown) => {
        options.logger.warn({ err, symbol: stock.symbol }, 'yahoo chart failed');
        return null;
      }),
      bars(index.symbol).catch((err: unknown) => {
        options.logger.warn({ err, symbol: index.symbol }, 'yahoo index chart failed');
        return null;
      }),
    ]);
    if (!own?.length) {
      notes.push('Yahoo Finance 的股價歷史暫時無法取得：股價走勢圖、β 值及波幅改用內置數據（如有），並註明其日期範圍。');
      return { bars: [], history: null };
    }
    const found = priceHistoryOf(stock.symbol, own, market?.length ? { bars: market, name: index.name } : null);
    if (found?.stats)
      notes.push(
        `β 值及波幅由 Yahoo Finance 每日股價計算：${found.stats.from} 至 ${found.stats.to} 對${index.name}回歸（${found.stats.observations} 日）；股價走勢圖為 ${found.from} 至 ${found.to} 的每週收市價。`,
      );
    else
      notes.push(
        market?.length
          ? `股價走勢圖為 ${found?.from} 至 ${found?.to} 的每週收市價（Yahoo Finance）；與${index.name}重疊的交易日不足 60 日，未能計算 β 值及波幅；β 改用內置股價歷史、報價或行業數據（見折現率說明）。`
          : `股價走勢圖為 ${found?.from} 至 ${found?.to} 的每週收市價（Yahoo Finance）；${index.name}的股價暫時無法取得，未能計算 β 值及波幅；β 改用內置股價歷史、報價或行業數據（見折現率說明）。`,
      );
    return { bars: own, history: found };
  }

  async function live(stock: Stock): Promise<MarketData> {
    const quote = (await options.client.quote(stock.symbol)) as Row | undefined;
    if (!quote || num(quote.regularMarketPrice) === null) throw new Error(`Yahoo Finance has no quote for ${stock.symbol}`);
    const notes: string[] = [];
    const [reportedYears, prices] = await Promise.all([
      statements(stock.symbol).catch((err: unknown) => {
        options.logger.warn({ err, symbol: stock.symbol }, 'yahoo fundamentalsTimeSeries failed');
        return null;
      }),
      history(stock, notes),
    ]);
    if (!reportedYears?.length)
      notes.push('Yahoo Finance 的財務報表數據暫時無法取得：營業額、淨利潤、自由現金流、EBITDA、負債及現金從缺。');

    const currency = typeof quote.currency === 'string' ? quote.currency : stock.market === 'HK' ? 'HKD' : 'USD';
    const reporting = typeof quote.financialCurrency === 'string' ? quote.financialCurrency : currency;
    // Units of the trading currency per unit of the reporting one; null when no rate is known.
    let rate: number | null = 1;
    if (reporting !== currency) {
      const found = await conversion(reporting, currency);
      rate = found?.rate ?? null;
      notes.push(
        found
          ? `財務報表以 ${reporting} 列示，已按 ${found.note} 換算為 ${currency}。`
          : `財務報表以 ${reporting} 列示，但沒有 ${reporting}→${currency} 匯率，相關數字從缺。`,
      );
    }
    const reported = (value: unknown) => {
      const amount = num(value);
      return amount === null || rate === null ? null : amount * rate;
    };
    const years = (reportedYears ?? []).map((y) => convertYear(y, rate));
    const statement = years.at(-1) ?? null;
    const growth = years.length ? fcfGrowthOf(years) : null;
    const yearNote = latestYearNote(years);
    if (yearNote) notes.push(yearNote);
    if (growth?.reason) notes.push(`${growth.reason}。`);

    const price = num(quote.regularMarketPrice);
    const sharesOutstanding = num(quote.sharesOutstanding) ?? statement?.shares ?? null;
    const quotedBook = reported(quote.bookValue);
    const statementBook = statement?.equity != null && sharesOutstanding ? statement.equity / sharesOutstanding : null;
    const bookValuePerShare = bookValueOf(price, num(quote.priceToBook), quotedBook ?? statementBook);
    if (bookValuePerShare.derived)
      notes.push(`每股帳面值由股價 ÷ 市帳率推算（Yahoo Finance 市帳率 ${num(quote.priceToBook)}），已是 ${currency}。`);
    else if (quotedBook === null && statementBook !== null) notes.push(`每股帳面值由截至 ${statement!.end} 的股東權益 ÷ 流通股數計算。`);
    const dividendPerShare = num(quote.trailingAnnualDividendRate) ?? num(quote.dividendRate);
    const asOf = isoDate(quote.regularMarketTime);
    const quotedYield = num(quote.trailingAnnualDividendYield);
    const dividendYield = quotedYield ?? (dividendPerShare !== null && price ? dividendPerShare / price : null);
    if (quotedYield === null && dividendYield !== null) notes.push('Yahoo Finance 沒有提供股息率，股息率由每股股息 ÷ 股價推算。');
    const quotedRange = num(quote.fiftyTwoWeekHigh) !== null && num(quote.fiftyTwoWeekLow) !== null;
    const range = quotedRange ? null : yearRange(prices.bars, asOf);
    if (range) notes.push('52 週高低位由 Yahoo Finance 一年日線計算。');
    else if (!quotedRange)
      notes.push(
        prices.bars.length
          ? 'Yahoo Finance 沒有提供 52 週高低位，而取得的日線未及報價日期，52 週高低位從缺。'
          : 'Yahoo Finance 沒有提供 52 週高低位，日線亦未能取得，52 週高低位從缺。',
      );

    return {
      symbol: stock.symbol,
      market: stock.market,
      companyName: (quote.longName as string | undefined) ?? (quote.shortName as string | undefined) ?? stock.name,
      companyNameZh: stock.nameZh,
      sector: stock.sector,
      industry: stock.industry,
      currency,
      reportingCurrency: reporting,
      price,
      change: num(quote.regularMarketChange),
      changePercent: num(quote.regularMarketChangePercent),
      marketCap: num(quote.marketCap),
      volume: num(quote.regularMarketVolume),
      sharesOutstanding,
      peRatio: num(quote.trailingPE),
      eps: num(quote.epsTrailingTwelveMonths),
      dividendPerShare,
      dividendYield,
      high52Week: num(quote.fiftyTwoWeekHigh) ?? range?.high ?? null,
      low52Week: num(quote.fiftyTwoWeekLow) ?? range?.low ?? null,
      bookValuePerShare: bookValuePerShare.value,
      revenue: statement?.revenue ?? null,
      netIncome: statement?.netIncome ?? null,
      freeCashFlow: statement?.freeCashFlow ?? null,
      ebitda: statement?.ebitda ?? null,
      totalDebt: statement?.totalDebt ?? null,
      cash: statement?.cash ?? null,
      beta: num(quote.beta),
      fiscalYears: years,
      fcfGrowth: growth?.growth ?? null,
      priceHistory: prices.history && { ...prices.history, source: prices.history.source + staleRemark(prices.history.to, asOf) },
      asOf,
      source: 'yahoo',
      notes: [`即時數據來自 Yahoo Finance（報價日期 ${asOf ?? '不詳'}）。`, ...notes],
    };
  }

  return {
    name: 'yahoo',
    async fetch(symbol) {
      const stock = await options.find(symbol);
      if (!stock) throw new Error(`Unknown symbol ${symbol}: not in the stock universe`);
      if (now().getTime() < coolDownUntil) return fallBack(stock.symbol, describeFailure({ code: 429 }));
      try {
        return await live(stock);
      } catch (err) {
        if (httpStatus(err) === 429) coolDownUntil = now().getTime() + (options.coolDownMs ?? 60_000);
        options.logger.warn({ err, symbol: stock.symbol }, 'yahoo market data failed; answering from the snapshot');
        return fallBack(stock.symbol, describeFailure(err));
      }
    },
  };
}

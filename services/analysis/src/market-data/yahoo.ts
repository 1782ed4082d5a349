import type { Logger } from '@stockai/platform';
import type { FxTable } from '../universe/fx';
import { describeRate } from '../universe/fx';
import type { Stock } from '../universe/types';
import type { YahooClient } from './yahoo-client';
import type { MarketData, MarketDataProvider } from './types';

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
}

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
 * valuation ratios, currencies), `fundamentalsTimeSeries` (the latest annual revenue, net
 * income, free cash flow, EBITDA, debt and cash) and `chart` (one year of daily prices for
 * the 52-week range when the quote lacks it). Statement figures come in the reporting currency
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

  async function statements(symbol: string): Promise<Row | null> {
    const period1 = new Date(now().getTime() - 3 * 365 * 86_400_000);
    const rows = (await options.client.fundamentalsTimeSeries(symbol, { period1, type: 'annual', module: 'all' })) as Row[];
    const withRevenue = rows.filter((r) => num(r.totalRevenue) !== null);
    return withRevenue.sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime()).at(-1) ?? null;
  }

  async function yearRange(symbol: string): Promise<{ high: number; low: number } | null> {
    const period1 = new Date(now().getTime() - 365 * 86_400_000);
    const chart = await options.client.chart(symbol, { period1, interval: '1d' });
    const prices = chart.quotes.flatMap((q) => [num(q.high), num(q.low)]).filter((v): v is number => v !== null);
    return prices.length ? { high: Math.max(...prices), low: Math.min(...prices) } : null;
  }

  async function live(stock: Stock): Promise<MarketData> {
    const quote = (await options.client.quote(stock.symbol)) as Row | undefined;
    if (!quote || num(quote.regularMarketPrice) === null) throw new Error(`Yahoo Finance has no quote for ${stock.symbol}`);
    const notes: string[] = [];
    const [statement, range] = await Promise.all([
      statements(stock.symbol).catch((err: unknown) => {
        options.logger.warn({ err, symbol: stock.symbol }, 'yahoo fundamentalsTimeSeries failed');
        notes.push('Yahoo Finance 的財務報表數據暫時無法取得：營業額、淨利潤、自由現金流、EBITDA、負債及現金從缺。');
        return null;
      }),
      num(quote.fiftyTwoWeekHigh) === null
        ? yearRange(stock.symbol).catch((err: unknown) => {
            options.logger.warn({ err, symbol: stock.symbol }, 'yahoo chart failed');
            return null;
          })
        : Promise.resolve(null),
    ]);

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

    const price = num(quote.regularMarketPrice);
    const bookValuePerShare = bookValueOf(price, num(quote.priceToBook), reported(quote.bookValue));
    if (bookValuePerShare.derived)
      notes.push(`每股帳面值由股價 ÷ 市帳率推算（Yahoo Finance 市帳率 ${num(quote.priceToBook)}），已是 ${currency}。`);
    const dividendPerShare = num(quote.trailingAnnualDividendRate) ?? num(quote.dividendRate);
    const asOf = isoDate(quote.regularMarketTime);
    const quotedYield = num(quote.trailingAnnualDividendYield);
    const dividendYield = quotedYield ?? (dividendPerShare !== null && price ? dividendPerShare / price : null);
    if (quotedYield === null && dividendYield !== null) notes.push('Yahoo Finance 沒有提供股息率，股息率由每股股息 ÷ 股價推算。');
    if (statement) notes.push(`財務報表數據為截至 ${isoDate(statement.date) ?? '不詳'} 的年度數字（Yahoo Finance）。`);
    if (range) notes.push('52 週高低位由 Yahoo Finance 一年日線計算。');

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
      sharesOutstanding: num(quote.sharesOutstanding),
      peRatio: num(quote.trailingPE),
      eps: num(quote.epsTrailingTwelveMonths),
      dividendPerShare,
      dividendYield,
      high52Week: num(quote.fiftyTwoWeekHigh) ?? range?.high ?? null,
      low52Week: num(quote.fiftyTwoWeekLow) ?? range?.low ?? null,
      bookValuePerShare: bookValuePerShare.value,
      revenue: reported(statement?.totalRevenue),
      netIncome: reported(statement?.netIncomeCommonStockholders ?? statement?.netIncome),
      freeCashFlow: reported(statement?.freeCashFlow),
      ebitda: reported(statement?.EBITDA),
      totalDebt: reported(statement?.totalDebt),
      cash: reported(statement?.cashAndCashEquivalents),
      beta: num(quote.beta),
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

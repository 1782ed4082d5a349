import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../universe/csv';
import { type Bar as HkBar, weekOf } from '../universe/sources/hk-prices';
import { normaliseSymbol } from '../universe/symbols';
import type { YahooClient } from './yahoo-client';
import { dailyBars, regressOnIndex, weeklyCloses } from './yahoo-prices';

/**
 * `npm run data:refresh -- --market hk|us [--symbols …]`: refreshes the bundled market data
 * from Yahoo Finance through yahoo-finance2 (quote, fundamentalsTimeSeries, chart), writing
 * the same files in the same formats the loader reads, so that a maintainer with internet
 * access refreshes the offline bundle in one step and then runs `npm run check:data` and
 * `npm run load-stocks` (data/market/SOURCES.md, "Refreshing").
 *
 * Hong Kong (default: every Hang Seng constituent of hk/hsi-constituents.csv):
 * - prices/hk-daily-2026/daily/<symbol>.csv (about 13 months) and weekly/<symbol>.csv (three
 *   years, resampled from the daily bars: first open, highest high, lowest low, last close,
 *   summed volume), `date,open,high,low,close,volume`. Yahoo's adjusted close carries the
 *   dividends: every bar is scaled by adjclose ÷ close, so bars before the latest ex-date are
 *   dividend-adjusted and later ones as traded, as in the bundled files; MANIFEST.csv gets the
 *   symbol's dates, row counts and its first as-traded day. A quote newer than the chart's
 *   last bar adds that day's bar (open, high, low, price, volume of the quote).
 * - market/hk/hsi-compiled-2026/periods.csv: one row per fiscal year Yahoo has (FY named by the
 *   year it ends in), amounts in the reporting currency, the Yahoo financials page as source
 *   and the refresh date as page date; the symbol's older rows are replaced.
 * - snapshot.csv: the quote (price, market cap, shares, P/E, 52-week range, yield); EPS, DPS
 *   and book value per share only when Yahoo's reporting currency is the trading currency (for
 *   a CNY reporter Yahoo quotes them converted into HKD: left blank, the statements give them).
 *   Sector and industry are kept from the older row (the quote has none).
 * - market/manifest.json: the prices' as-of date.
 *
 * United States (default: every S&P 500 row of us/sp500-constituents-financials.csv):
 * - the symbol's row of sp500-constituents-financials.csv from the quote and the latest annual
 *   EBITDA, with its own `As Of` date (the reader takes a row's date before the file's);
 * - prices/weekly-closes.csv (the chart's weekly adjusted closes) and prices/price-stats.csv
 *   (β and volatility against ^GSPC over two years of daily returns, the live provider's method).
 *
 * A symbol Yahoo cannot answer is left as it was and listed as failed.
 */
export interface RefreshOptions {
  client: YahooClient;
  market: 'hk' | 'us';
  /** Default: the market's whole list (see above). */
  symbols?: string[];
  /** The service's data directory (services/analysis/data). */
  dataDir: string;
  now?: Date;
  log?: (line: string) => void;
}

export interface RefreshResult {
  refreshed: string[];
  failed: Array<{ symbol: string; reason: string }>;
}

type Row = Record<string, unknown>;
type Quote = Record<string, unknown>;

const DAY_MS = 86_400_000;
const DAILY_DAYS = 390;
const WEEKLY_YEARS = 3;
const STATEMENT_YEARS = 5;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const iso = (d: Date) => d.toISOString().slice(0, 10);

/** A CSV cell: numbers as they are (at most 4 decimals for adjusted prices), text quoted when it must be. */
function cell(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : '';
  const text = String(v);
  return /[",\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function writeCsv(file: string, header: string[], rows: Array<Record<string, unknown>>): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, [header.join(','), ...rows.map((r) => header.map((h) => cell(r[h])).join(','))].join('\n') + '\n');
}

/** The header and rows of a CSV file; an absent file has neither. */
function readCsv(file: string): { header: string[]; rows: Record<string, string>[] } {
  if (!existsSync(file)) return { header: [], rows: [] };
  const text = readFileSync(file, 'utf8');
  return { header: (text.split(/\r?\n/, 1)[0] ?? '').split(',').map((h) => h.trim()), rows: parseCsv(text) };
}

/** Replaces the rows of the refreshed symbols where their first row stood (new symbols at the end), every other row as it was. */
function mergeRows(rows: Record<string, unknown>[], key: string, fresh: Map<string, Record<string, unknown>[]>): Record<string, unknown>[] {
  const placed = new Set<string>();
  const merged = rows.flatMap((r) => {
    const symbol = normaliseSymbol(String(r[key] ?? ''));
    if (!fresh.has(symbol)) return [r];
    if (placed.has(symbol)) return [];
    placed.add(symbol);
    return fresh.get(symbol)!;
  });
  return [...merged, ...[...fresh].filter(([symbol]) => !placed.has(symbol)).flatMap(([, list]) => list)];
}

/** A bar as the bundled files hold it, and whether it is scaled for a later dividend (adjclose ≠ close). */
interface Bar extends HkBar {
  adjusted: boolean;
}

/** The chart's days in the exchange's time zone, each scaled by adjclose ÷ close. */
function barsOf(chart: { meta: { gmtoffset?: number | null }; quotes: Row[] }): Bar[] {
  const offset = (chart.meta.gmtoffset ?? 0) * 1000;
  const round4 = (v: number) => Number(v.toFixed(4));
  return chart.quotes.flatMap((q) => {
    const close = num(q.close);
    if (close === null || close <= 0 || !(q.date instanceof Date)) return [];
    const factor = num(q.adjclose) !== null ? num(q.adjclose)! / close : 1;
    const adjusted = Math.abs(factor - 1) > 1e-9;
    const scale = (v: unknown) => (num(v) === null ? null : adjusted ? round4(num(v)! * factor) : num(v));
    return [
      {
        date: new Date(q.date.getTime() + offset).toISOString().slice(0, 10),
        open: scale(q.open),
        high: scale(q.high),
        low: scale(q.low),
        close: adjusted ? round4(close * factor) : close,
        volume: num(q.volume),
        adjusted,
      },
    ];
  });
}

/** Weekly bars from daily ones: dated by the week's last trading day. */
function weeklyOf(daily: Bar[]): Bar[] {
  const weeks = new Map<string, Bar>();
  for (const b of daily) {
    const week = weekOf(b.date);
    const w = weeks.get(week);
    if (!w) weeks.set(week, { ...b });
    else
      weeks.set(week, {
        date: b.date,
        open: w.open,
        high: w.high === null || b.high === null ? (w.high ?? b.high) : Math.max(w.high, b.high),
        low: w.low === null || b.low === null ? (w.low ?? b.low) : Math.min(w.low, b.low),
        close: b.close,
        volume: (w.volume ?? 0) + (b.volume ?? 0),
        adjusted: w.adjusted || b.adjusted,
      });
  }
  return [...weeks.values()];
}

/** The quote's own day as a bar, when it is newer than the chart's last (the exchange's date of `regularMarketTime`). */
function quoteBar(quote: Quote): Bar | null {
  const price = num(quote.regularMarketPrice);
  const time = quote.regularMarketTime instanceof Date ? quote.regularMarketTime : null;
  if (price === null || !time) return null;
  const offset = num(quote.gmtOffSetMilliseconds) ?? 0;
  return {
    date: new Date(time.getTime() + offset).toISOString().slice(0, 10),
    open: num(quote.regularMarketOpen),
    high: num(quote.regularMarketDayHigh),
    low: num(quote.regularMarketDayLow),
    close: price,
    volume: num(quote.regularMarketVolume),
    adjusted: false,
  };
}

const BAR_HEADER = ['date', 'open', 'high', 'low', 'close', 'volume'];
const PERIOD_HEADER = [
  'symbol',
  'name_en',
  'fiscal_period',
  'period_end',
  'currency',
  'revenue',
  'operating_income',
  'net_income',
  'eps_diluted',
  'dividend_per_share',
  'shares_diluted',
  'total_debt',
  'cash_and_short_term_investments',
  'operating_cash_flow',
  'capital_expenditure',
  'free_cash_flow',
  'total_equity',
  'book_value_per_share',
  'source_url',
  'page_date',
];
const SNAPSHOT_HEADER = [
  'symbol',
  'name_en',
  'sector',
  'industry',
  'currency_trading',
  'currency_reporting',
  'price',
  'price_date',
  'market_cap',
  'shares_outstanding',
  'pe_ttm',
  'eps_ttm',
  'dividend_per_share_ttm',
  'dividend_yield',
  'beta',
  'high_52w',
  'low_52w',
  'book_value_per_share',
  'fiscal_year_end',
  'source_url',
  'page_date',
];
const MANIFEST_HEADER = ['symbol', 'daily_from', 'daily_to', 'daily_rows', 'weekly_from', 'weekly_to', 'weekly_rows', 'unadjusted_from'];

/** The annual statements Yahoo has, as periods.csv rows (only years with a revenue). */
function periodRows(symbol: string, name: string, currency: string, rows: Row[], pageDate: string): Record<string, unknown>[] {
  return rows
    .filter((r) => num(r.totalRevenue) !== null && r.date instanceof Date)
    .sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime())
    .map((r) => {
      const end = iso(r.date as Date);
      return {
        symbol,
        name_en: name,
        fiscal_period: `FY${end.slice(0, 4)}`,
        period_end: end,
        currency,
        revenue: num(r.totalRevenue),
        operating_income: num(r.operatingIncome),
        net_income: num(r.netIncomeCommonStockholders) ?? num(r.netIncome),
        eps_diluted: num(r.dilutedEPS),
        dividend_per_share: null,
        shares_diluted: num(r.dilutedAverageShares),
        total_debt: num(r.totalDebt),
        cash_and_short_term_investments: num(r.cashCashEquivalentsAndShortTermInvestments) ?? num(r.cashAndCashEquivalents),
        operating_cash_flow: num(r.operatingCashFlow),
        capital_expenditure: num(r.capitalExpenditure),
        free_cash_flow: num(r.freeCashFlow),
        total_equity: num(r.stockholdersEquity),
        book_value_per_share: null,
        source_url: `https://finance.yahoo.com/quote/${symbol}/financials`,
        page_date: pageDate,
      };
    });
}

function percent(v: number | null): string | null {
  return v === null ? null : `${Number((v * 100).toFixed(4))}%`;
}

export async function refreshBundle(options: RefreshOptions): Promise<RefreshResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const market = path.join(options.dataDir, 'market');
  const yearsAgo = (years: number) => new Date(now.getTime() - years * 365.25 * DAY_MS);
  const result: RefreshResult = { refreshed: [], failed: [] };
  const failed = (symbol: string, err: unknown) => {
    const reason = err instanceof Error ? err.message : String(err);
    result.failed.push({ symbol, reason });
    log(`${symbol}: not refreshed (${reason})`);
  };

  if (options.market === 'hk') {
    const compiled = path.join(market, 'hk', 'hsi-compiled-2026');
    const prices = path.join(options.dataDir, 'prices', 'hk-daily-2026');
    const symbols = (options.symbols ?? readCsv(path.join(market, 'hk', 'hsi-constituents.csv')).rows.map((r) => r.Symbol ?? '')).map(
      normaliseSymbol,
    );
    const snapshot = readCsv(path.join(compiled, 'snapshot.csv')).rows;
    const older = new Map(snapshot.map((r) => [normaliseSymbol(r.symbol ?? ''), r]));
    const periods = new Map<string, Record<string, unknown>[]>();
    const snapshots = new Map<string, Record<string, unknown>[]>();
    const manifest = new Map<string, Record<string, unknown>[]>();
    let latest = '';
    for (const symbol of symbols) {
      try {
        const quote = (await options.client.quote(symbol)) as Quote | undefined;
        if (!quote || num(quote.regularMarketPrice) === null) throw new Error('Yahoo Finance has no quote');
        const chart = (await options.client.chart(symbol, { period1: yearsAgo(WEEKLY_YEARS), interval: '1d' })) as unknown as {
          meta: { gmtoffset?: number | null };
          quotes: Row[];
        };
        const bars = barsOf(chart);
        const today = quoteBar(quote);
        if (today && (!bars.length || today.date > bars.at(-1)!.date)) bars.push(today);
        if (!bars.length) throw new Error('Yahoo Finance has no daily prices');
        const statements = (await options.client.fundamentalsTimeSeries(symbol, {
          period1: yearsAgo(STATEMENT_YEARS),
          type: 'annual',
          module: 'all',
        })) as Row[];

        const last = bars.at(-1)!;
        const since = iso(new Date(Date.parse(last.date) - DAILY_DAYS * DAY_MS));
        const daily = bars.filter((b) => b.date >= since);
        const weekly = weeklyOf(bars);
        writeCsv(path.join(prices, 'daily', `${symbol}.csv`), BAR_HEADER, daily as unknown as Record<string, unknown>[]);
        writeCsv(path.join(prices, 'weekly', `${symbol}.csv`), BAR_HEADER, weekly as unknown as Record<string, unknown>[]);
        const lastAdjusted = daily.findLastIndex((b) => b.adjusted);
        manifest.set(symbol, [
          {
            symbol,
            daily_from: daily[0]!.date,
            daily_to: last.date,
            daily_rows: daily.length,
            weekly_from: weekly[0]!.date,
            weekly_to: weekly.at(-1)!.date,
            weekly_rows: weekly.length,
            unadjusted_from: daily[lastAdjusted + 1]?.date ?? null,
          },
        ]);
        if (last.date > latest) latest = last.date;

        const trading = typeof quote.currency === 'string' ? quote.currency : 'HKD';
        const reporting = typeof quote.financialCurrency === 'string' ? quote.financialCurrency : trading;
        const sameCurrency = reporting === trading;
        const name = String(quote.longName ?? quote.shortName ?? older.get(symbol)?.name_en ?? symbol);
        const pageDate = iso(now);
        const priceDate = today?.date ?? last.date;
        periods.set(symbol, periodRows(symbol, name, reporting, statements, pageDate));
        snapshots.set(symbol, [
          {
            symbol,
            name_en: name,
            sector: older.get(symbol)?.sector ?? null,
            industry: older.get(symbol)?.industry ?? null,
            currency_trading: trading,
            currency_reporting: reporting,
            price: num(quote.regularMarketPrice),
            price_date: priceDate,
            market_cap: num(quote.marketCap),
            shares_outstanding: num(quote.sharesOutstanding),
            pe_ttm: num(quote.trailingPE),
            eps_ttm: sameCurrency ? num(quote.epsTrailingTwelveMonths) : null,
            dividend_per_share_ttm: sameCurrency ? num(quote.trailingAnnualDividendRate) : null,
            dividend_yield: percent(num(quote.trailingAnnualDividendYield)),
            beta: num(quote.beta),
            high_52w: num(quote.fiftyTwoWeekHigh),
            low_52w: num(quote.fiftyTwoWeekLow),
            book_value_per_share: sameCurrency ? num(quote.bookValue) : null,
            fiscal_year_end: older.get(symbol)?.fiscal_year_end ?? null,
            source_url: `https://finance.yahoo.com/quote/${symbol}`,
            page_date: priceDate,
          },
        ]);
        result.refreshed.push(symbol);
        log(
          `${symbol}: ${daily.length} daily and ${weekly.length} weekly bars to ${last.date}, ${periods.get(symbol)!.length} fiscal years`,
        );
      } catch (err) {
        failed(symbol, err);
      }
    }
    if (result.refreshed.length) {
      const write = (file: string, header: string[], fresh: Map<string, Record<string, unknown>[]>) => {
        const existing = readCsv(file);
        writeCsv(file, existing.header.length ? existing.header : header, mergeRows(existing.rows, 'symbol', fresh));
      };
      write(path.join(compiled, 'periods.csv'), PERIOD_HEADER, periods);
      write(path.join(compiled, 'snapshot.csv'), SNAPSHOT_HEADER, snapshots);
      write(path.join(prices, 'MANIFEST.csv'), MANIFEST_HEADER, manifest);
      setManifestDate(market, '../prices/hk-daily-2026', latest);
    }
    return result;
  }

  // United States.
  const financialsFile = path.join(market, 'us', 'sp500-constituents-financials.csv');
  const financials = readCsv(financialsFile);
  const symbols = (options.symbols ?? financials.rows.map((r) => r.Symbol ?? '')).map(normaliseSymbol);
  const index = barsOfIndex(
    (await options.client.chart('^GSPC', { period1: yearsAgo(WEEKLY_YEARS), interval: '1d' }).catch(() => null)) as unknown as {
      meta: { gmtoffset?: number | null };
      quotes: Row[];
    } | null,
  );
  const rows = new Map<string, Record<string, unknown>[]>();
  const closes = new Map<string, Record<string, unknown>[]>();
  const stats = new Map<string, Record<string, unknown>[]>();
  const fileSymbol = (s: string) => s.replace('-', '.');
  for (const symbol of symbols) {
    try {
      const quote = (await options.client.quote(symbol)) as Quote | undefined;
      const price = num(quote?.regularMarketPrice);
      if (!quote || price === null) throw new Error('Yahoo Finance has no quote');
      const statements = (await options.client
        .fundamentalsTimeSeries(symbol, { period1: yearsAgo(STATEMENT_YEARS), type: 'annual', module: 'all' })
        .catch(() => [])) as Row[];
      const latestYear = statements
        .filter((r) => r.date instanceof Date && num(r.EBITDA) !== null)
        .sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime())
        .at(-1);
      const marketCap = num(quote.marketCap);
      const revenue = statements.filter((r) => num(r.totalRevenue) !== null).at(-1);
      const old = financials.rows.find((r) => normaliseSymbol(r.Symbol ?? '') === symbol);
      const day = quoteBar(quote)?.date ?? iso(now);
      rows.set(symbol, [
        {
          ...old,
          Symbol: old?.Symbol ?? symbol,
          Name: old?.Name ?? quote.longName ?? symbol,
          Sector: old?.Sector ?? null,
          Price: price,
          'Price/Earnings': num(quote.trailingPE),
          'Dividend Yield': num(quote.trailingAnnualDividendYield),
          'Earnings/Share': num(quote.epsTrailingTwelveMonths),
          '52 Week Low': num(quote.fiftyTwoWeekLow),
          '52 Week High': num(quote.fiftyTwoWeekHigh),
          'Market Cap': marketCap,
          EBITDA: num(latestYear?.EBITDA),
          'Price/Sales': marketCap !== null && num(revenue?.totalRevenue) ? marketCap / num(revenue!.totalRevenue)! : null,
          'Price/Book': num(quote.priceToBook),
          'As Of': day,
        },
      ]);
      const chart = (await options.client.chart(symbol, { period1: yearsAgo(WEEKLY_YEARS), interval: '1d' })) as unknown as {
        meta: { gmtoffset?: number | null };
        quotes: Row[];
      };
      const daily = dailyBars(chart as never);
      if (daily.length) {
        closes.set(
          symbol,
          weeklyCloses(daily).map((w) => ({ symbol: fileSymbol(symbol), date: w.date, close: Number(w.close.toFixed(2)) })),
        );
        const fit = index.length ? regressOnIndex(daily, index, 'S&P 500 指數（^GSPC，Yahoo Finance）') : null;
        if (fit)
          stats.set(symbol, [
            {
              symbol: fileSymbol(symbol),
              from: fit.from,
              to: fit.to,
              observations: fit.observations,
              beta_raw: fit.betaRaw,
              beta_se: fit.betaSe,
              beta_blume: fit.betaBlume,
              volatility: fit.volatility,
              market: fit.market,
            },
          ]);
      }
      result.refreshed.push(symbol);
      log(`${symbol}: quote of ${day}, ${daily.length} daily bars`);
    } catch (err) {
      failed(symbol, err);
    }
  }
  if (result.refreshed.length) {
    const header = financials.header.includes('As Of') ? financials.header : [...financials.header, 'As Of'];
    const byFileSymbol = (m: Map<string, Record<string, unknown>[]>) =>
      new Map([...m].map(([s, v]) => [normaliseSymbol(fileSymbol(s)), v]));
    writeCsv(financialsFile, header, mergeRows(financials.rows, 'Symbol', rows));
    const weeklyFile = path.join(options.dataDir, 'prices', 'weekly-closes.csv');
    const statsFile = path.join(options.dataDir, 'prices', 'price-stats.csv');
    const w = readCsv(weeklyFile);
    writeCsv(weeklyFile, w.header, mergeRows(w.rows, 'symbol', byFileSymbol(closes)));
    const s = readCsv(statsFile);
    writeCsv(statsFile, s.header, mergeRows(s.rows, 'symbol', byFileSymbol(stats)));
  }
  return result;
}

function barsOfIndex(chart: { meta: { gmtoffset?: number | null }; quotes: Row[] } | null) {
  return chart ? dailyBars(chart as never) : [];
}

/** Sets one file's as-of date in market/manifest.json (its other entries untouched). */
function setManifestDate(marketDir: string, name: string, date: string): void {
  if (!date) return;
  const file = path.join(marketDir, 'manifest.json');
  const manifest = JSON.parse(readFileSync(file, 'utf8')) as Record<string, Record<string, unknown>>;
  manifest[name] = { ...manifest[name], asOf: date };
  const lines = Object.entries(manifest).map(
    ([k, v]) =>
      `  ${JSON.stringify(k)}: ${JSON.stringify(v).replace(/^\{/, '{ ').replace(/\}$/, ' }').replace(/,"/g, ', "').replace(/":/g, '": ')}`,
  );
  writeFileSync(file, `{\n${lines.join(',\n')}\n}\n`);
}

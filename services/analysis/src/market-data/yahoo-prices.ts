import type { PriceHistory, PriceStatsFigures } from './types';

/** One trading day: the dividend-adjusted close for returns and the chart, the day's range for the 52-week one. */
export interface DailyBar {
  date: string;
  close: number;
  high: number | null;
  low: number | null;
}

/** What yahoo-finance2's `chart` (array form) answers, as far as it is read here. */
export interface ChartAnswer {
  meta: { gmtoffset?: number | null };
  quotes: Array<{ date: Date; close?: number | null; adjclose?: number | null; high?: number | null; low?: number | null }>;
}

/** Years of daily prices asked for: five for the chart; β and volatility read the last two. */
export const HISTORY_YEARS = 5;
const REGRESSION_DAYS = 730;
/** Fewer common days than this give no β (the bundle's rule, build-valuation-data.mjs). */
const MIN_OBSERVATIONS = 60;
const MAX_WEEKS = 260;
/** The chart's last day may trail the quote by this much and still give its 52-week range. */
const RANGE_LAG_DAYS = 7;
const DAY_MS = 86_400_000;

const finite = (v: number | null | undefined): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * The chart's days, oldest first, dated in the exchange's own time zone (Yahoo stamps a bar
 * with the session's opening instant in UTC): a day without a positive close is left out.
 */
export function dailyBars(chart: ChartAnswer): DailyBar[] {
  const offset = (chart.meta.gmtoffset ?? 0) * 1000;
  return chart.quotes.flatMap((q) => {
    const close = finite(q.adjclose) ? q.adjclose : q.close;
    if (!finite(close) || close <= 0) return [];
    return [
      {
        date: new Date(q.date.getTime() + offset).toISOString().slice(0, 10),
        close,
        high: finite(q.high) ? q.high : null,
        low: finite(q.low) ? q.low : null,
      },
    ];
  });
}

/**
 * The OLS slope of y on x over the pairs, its standard error and y's sum of squared deviations
 * (for the volatility): the regression of every β of the bundle and the live provider.
 */
export function olsSlope(pairs: Array<[number, number]>): { beta: number; se: number; syy: number } {
  const n = pairs.length;
  const mx = pairs.reduce((s, p) => s + p[0], 0) / n;
  const my = pairs.reduce((s, p) => s + p[1], 0) / n;
  let sxx = 0;
  let sxy = 0;
  let syy = 0;
  for (const [x, y] of pairs) {
    sxx += (x - mx) ** 2;
    sxy += (x - mx) * (y - my);
    syy += (y - my) ** 2;
  }
  const beta = sxy / sxx;
  // A perfect fit leaves a residual of rounding noise, possibly just below zero: its error is zero, not NaN.
  return { beta, se: Math.sqrt(Math.max(syy - beta * sxy, 0) / (n - 2) / sxx), syy };
}

/**
 * OLS β of the stock's daily log returns on the index's over the days both traded in the last
 * two years of the stock's series, with its standard error, and the stock's annualised
 * volatility (√252) over the same days: the method of the bundled figures
 * (services/analysis/scripts/build-valuation-data.mjs), so live and bundled betas compare.
 * Null below 60 common days.
 */
export function regressOnIndex(stock: DailyBar[], index: DailyBar[], market: string): PriceStatsFigures | null {
  const last = stock.at(-1);
  if (!last) return null;
  const since = new Date(Date.parse(last.date) - REGRESSION_DAYS * DAY_MS).toISOString().slice(0, 10);
  const indexClose = new Map(index.map((b) => [b.date, b.close]));
  const common = stock.filter((b) => b.date >= since && indexClose.has(b.date));
  const pairs: Array<[number, number]> = [];
  for (let i = 1; i < common.length; i++) {
    const [a, b] = [common[i - 1]!, common[i]!];
    pairs.push([Math.log(indexClose.get(b.date)! / indexClose.get(a.date)!), Math.log(b.close / a.close)]);
  }
  const n = pairs.length;
  if (n < MIN_OBSERVATIONS) return null;
  const { beta, se, syy } = olsSlope(pairs);
  const r4 = (v: number) => Number(v.toFixed(4));
  return {
    from: common[0]!.date,
    to: common.at(-1)!.date,
    observations: n,
    betaRaw: r4(beta),
    betaSe: r4(se),
    betaBlume: r4(0.67 * beta + 0.33),
    interval: 'daily',
    volatility: r4(Math.sqrt((syy / (n - 1)) * 252)),
    market,
  };
}

/** Monday of the ISO week of a YYYY-MM-DD date. */
function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** The last close of each week, at most the last 260 weeks (the bundle's resampling). */
export function weeklyCloses(bars: DailyBar[]): Array<{ date: string; close: number }> {
  const byWeek = new Map<string, { date: string; close: number }>();
  for (const b of bars) byWeek.set(weekOf(b.date), { date: b.date, close: b.close });
  return [...byWeek.values()].slice(-MAX_WEEKS);
}

/**
 * The highest high and lowest low of the 52 weeks to the chart's last day, only when that day
 * is within a week of the quote's date: an older chart gives an older range, not this one.
 */
export function yearRange(bars: DailyBar[], asOf: string | null): { high: number; low: number } | null {
  const last = bars.at(-1);
  if (!last || !asOf || Date.parse(asOf) - Date.parse(last.date) > RANGE_LAG_DAYS * DAY_MS) return null;
  const since = new Date(Date.parse(last.date) - 365 * DAY_MS).toISOString().slice(0, 10);
  const year = bars.filter((b) => b.date > since);
  const highs = year.map((b) => b.high ?? b.close);
  const lows = year.map((b) => b.low ?? b.close);
  return { high: Math.max(...highs), low: Math.min(...lows) };
}

/** The chart and β inputs from the stock's and its index's bars; null without the stock's bars. */
export function priceHistoryOf(symbol: string, stock: DailyBar[], index: { bars: DailyBar[]; name: string } | null): PriceHistory | null {
  const weekly = weeklyCloses(stock);
  const first = weekly[0];
  const last = weekly.at(-1);
  if (!first || !last) return null;
  return {
    weekly,
    from: first.date,
    to: last.date,
    source: `每週最後一個交易日的經調整收市價（${first.date} 至 ${last.date}），由 Yahoo Finance 的 ${symbol} 每日股價重新取樣`,
    stats: index ? regressOnIndex(stock, index.bars, index.name) : null,
  };
}

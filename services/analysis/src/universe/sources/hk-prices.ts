import type { PriceHistory, PriceStatsFigures } from '../../market-data/types';
import { olsSlope } from '../../market-data/yahoo-prices';
import { parseCsv } from '../csv';
import { normaliseSymbol } from '../symbols';

/**
 * The bundled Hong Kong daily and weekly bars (data/prices/hk-daily-2026, provenance in its
 * NOTES.md): `date,open,high,low,close,volume` per file, oldest first, in HKD. The source is
 * forward-adjusted as of its last day: every bar before a stock's latest ex-dividend date is
 * scaled down by the dividend, the bars from that date on are the prices as traded, and the
 * two parts join without a gap. So returns (β, volatility) read the whole series as it is
 * (dividends included), while a price level before the boundary (the chart's older weeks,
 * a 52-week high or low set before it) is an adjusted level and is said to be one.
 */
export interface Bar {
  date: string;
  open: number | null;
  high: number | null;
  low: number | null;
  close: number;
  volume: number | null;
}

export interface HkPriceFiles {
  /** `daily/<code>.HK.csv` texts by symbol. */
  daily: Map<string, string>;
  /** `weekly/<code>.HK.csv` texts by symbol. */
  weekly: Map<string, string>;
  /** MANIFEST.csv: per symbol, `unadjusted_from`, the first bar as traded. */
  manifest: string;
}

/** What the report takes from one stock's bars. */
export interface HkPrices {
  symbol: string;
  /** The latest daily close, as traded, and its date: the report's price. */
  close: number;
  date: string;
  /** The highest high and lowest low of the daily bars of the 52 weeks to `date`. */
  high52Week: number;
  low52Week: number;
  /** The first bar as traded (the bars before it are dividend-adjusted); null when the manifest does not say. */
  unadjustedFrom: string | null;
  history: PriceHistory;
}

/** Two years of weekly returns for β, as the issue and Damodaran's services measure it. */
const BETA_WEEKS = 104;
/** Fewer common weeks than this give no β (a year of weeks). */
const MIN_WEEKS = 52;
/** A week's market return needs this many constituents trading. */
const MIN_CONSTITUENTS = 20;
const MAX_WEEKS = 260;
const DAY_MS = 86_400_000;

const num = (cell: string | undefined): number | null => {
  const value = Number((cell ?? '').trim());
  return (cell ?? '').trim() !== '' && Number.isFinite(value) ? value : null;
};

/** The bars of one file, oldest first; a row without a positive close or a date is left out. */
export function parseBars(text: string): Bar[] {
  return parseCsv(text)
    .map((r) => ({
      date: (r.date ?? '').trim(),
      open: num(r.open),
      high: num(r.high),
      low: num(r.low),
      close: num(r.close) ?? 0,
      volume: num(r.volume),
    }))
    .filter((b) => /^\d{4}-\d{2}-\d{2}$/.test(b.date) && b.close > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

/** Monday of the ISO week of a YYYY-MM-DD date: weekly bars of different stocks meet on it. */
export function weekOf(date: string): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}

/** Weekly log returns keyed by ISO week. */
function weeklyReturns(bars: Bar[]): Map<string, number> {
  const returns = new Map<string, number>();
  for (let i = 1; i < bars.length; i++) returns.set(weekOf(bars[i]!.date), Math.log(bars[i]!.close / bars[i - 1]!.close));
  return returns;
}

/** Annualised standard deviation of the daily log returns of the 52 weeks to the last bar (√252). */
function dailyVolatility(bars: Bar[]): number | null {
  const last = bars.at(-1);
  if (!last) return null;
  const since = new Date(Date.parse(last.date) - 365 * DAY_MS).toISOString().slice(0, 10);
  const year = bars.filter((b) => b.date >= since);
  const returns = year.slice(1).map((b, i) => Math.log(b.close / year[i]!.close));
  if (returns.length < 60) return null;
  const mean = returns.reduce((s, v) => s + v, 0) / returns.length;
  return Math.sqrt((returns.reduce((s, v) => s + (v - mean) ** 2, 0) / (returns.length - 1)) * 252);
}

const r4 = (v: number) => Number(v.toFixed(4));

/** The name of the market proxy, as `explain` and the notes give it. */
export const HK_MARKET_PROXY = '恒生指數成份股（不含該股）每週對數回報的等權平均（代替恒生指數：內置數據沒有涵蓋此期間的指數）';

/**
 * Every stock's prices from the bundled files, with β against the market proxy: the Hang
 * Seng Index itself has no series over these dates in the bundle (its one file ends
 * 2025-11), so the market's weekly return is the equal-weighted mean of the other
 * constituents' weekly log returns that week (at least 20 of them trading), the stock itself
 * left out so that it does not regress on itself. β is the OLS slope over the last 104 weeks
 * (at least 52 in common), Blume-adjusted (0.67 β + 0.33) like the rest of the bundle;
 * volatility is that of the daily returns of the last 52 weeks. A stock without daily bars
 * is absent.
 */
export function readHkPrices(files: HkPriceFiles): Map<string, HkPrices> {
  const manifest = new Map(parseCsv(files.manifest).map((r) => [normaliseSymbol(r.symbol ?? ''), r.unadjusted_from?.trim() || null]));
  const weekly = new Map([...files.weekly].map(([symbol, text]) => [normaliseSymbol(symbol), parseBars(text)]));
  const returns = new Map([...weekly].map(([symbol, bars]) => [symbol, weeklyReturns(bars)]));
  const sum = new Map<string, { total: number; count: number }>();
  for (const series of returns.values())
    for (const [week, r] of series) {
      const s = sum.get(week) ?? { total: 0, count: 0 };
      s.total += r;
      s.count += 1;
      sum.set(week, s);
    }

  const result = new Map<string, HkPrices>();
  for (const [file, text] of files.daily) {
    const symbol = normaliseSymbol(file);
    const daily = parseBars(text);
    const last = daily.at(-1);
    if (!last) continue;
    const weeks = weekly.get(symbol) ?? [];
    const own = returns.get(symbol) ?? new Map<string, number>();
    const pairs: Array<[number, number]> = [];
    const used: string[] = [];
    for (const [week, y] of [...own].slice(-BETA_WEEKS)) {
      const s = sum.get(week);
      if (!s || s.count - 1 < MIN_CONSTITUENTS) continue;
      pairs.push([(s.total - y) / (s.count - 1), y]);
      used.push(week);
    }
    const volatility = dailyVolatility(daily);
    let stats: PriceStatsFigures | null = null;
    if (pairs.length >= MIN_WEEKS && volatility !== null) {
      const { beta, se } = olsSlope(pairs);
      const dated = weeks.filter((b) => used.includes(weekOf(b.date)));
      stats = {
        from: dated[0]?.date ?? used[0]!,
        to: dated.at(-1)?.date ?? used.at(-1)!,
        observations: pairs.length,
        betaRaw: r4(beta),
        betaSe: r4(se),
        betaBlume: r4(0.67 * beta + 0.33),
        interval: 'weekly',
        volatility: r4(volatility),
        market: HK_MARKET_PROXY,
      };
    }
    const since = new Date(Date.parse(last.date) - 365 * DAY_MS).toISOString().slice(0, 10);
    const year = daily.filter((b) => b.date > since);
    // A few source bars have their high below the open or close (validation.txt): the range takes every price of the day.
    const high52Week = Math.max(...year.map((b) => Math.max(b.high ?? b.close, b.open ?? b.close, b.close)));
    const low52Week = Math.min(...year.map((b) => Math.min(b.low ?? b.close, b.open ?? b.close, b.close)));
    const closes = (weeks.length ? weeks : daily).map((b) => ({ date: b.date, close: b.close })).slice(-MAX_WEEKS);
    // The chart reaches the price date: a weekly file that ends earlier gets the daily close as its last point.
    if (closes.at(-1)!.date < last.date) {
      if (weekOf(closes.at(-1)!.date) === weekOf(last.date)) closes.pop();
      closes.push({ date: last.date, close: last.close });
    }
    const unadjustedFrom = manifest.get(symbol) ?? null;
    const adjusted =
      unadjustedFrom && unadjustedFrom > closes[0]!.date
        ? `；${unadjustedFrom} 之前的股價已按其後派發的股息向下調整（前復權），此後為實際成交價`
        : '';
    result.set(symbol, {
      symbol,
      close: last.close,
      date: last.date,
      high52Week,
      low52Week,
      unadjustedFrom,
      history: {
        weekly: closes,
        from: closes[0]!.date,
        to: closes.at(-1)!.date,
        source: `每週最後一個交易日的收市價（${closes[0]!.date} 至 ${closes.at(-1)!.date}，港元），來自內置港股日線及週線數據（GitHub jibom/trend-screener，commit 3156aff）${adjusted}`,
        stats,
      },
    });
  }
  return result;
}

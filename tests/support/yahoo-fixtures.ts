import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the Yahoo stand-in serves (fixtures/yahoo), read straight from its files, and the β a
 * test expects from it worked out here independently of the provider's code.
 */
const FIXTURES = path.join(__dirname, 'fixtures', 'yahoo');

/** The stand-in's annual series of one statement item, { fiscal year end: reported value }. */
export function fixtureSeries(symbol: string, type: string): Record<string, number> {
  const body = JSON.parse(readFileSync(path.join(FIXTURES, 'fundamentals-timeseries', `${symbol}.json`), 'utf8'));
  const series = body.timeseries.result.find((r: { meta: { type: string[] } }) => r.meta.type[0] === `annual${type}`);
  return Object.fromEntries(
    series[`annual${type}`].map((v: { asOfDate: string; reportedValue: { raw: number } }) => [v.asOfDate, v.reportedValue.raw]),
  );
}

/** The stand-in's daily adjusted closes of one symbol, by exchange-local date. */
export function fixtureCloses(symbol: string): Map<string, number> {
  const [result] = JSON.parse(readFileSync(path.join(FIXTURES, 'chart', `${symbol}.json`), 'utf8')).chart.result;
  const closes = result.indicators.adjclose[0].adjclose as number[];
  return new Map(
    (result.timestamp as number[]).map((t, i) => [new Date((t + result.meta.gmtoffset) * 1000).toISOString().slice(0, 10), closes[i]!]),
  );
}

/**
 * β (with its standard error) and volatility recomputed here from the stand-in's files, as the textbook has them:
 * cov(stock, index) ÷ var(index) of daily log returns over the days both traded within two
 * years of the stock's last day; volatility the sample σ of the stock's returns × √252.
 */
export function expectedStats(symbol: string, index: string) {
  const stock = fixtureCloses(symbol);
  const market = fixtureCloses(index);
  const dates = [...stock.keys()].sort();
  const since = new Date(Date.parse(dates.at(-1)!) - 730 * 86_400_000).toISOString().slice(0, 10);
  const common = dates.filter((d) => d >= since && market.has(d));
  const x: number[] = [];
  const y: number[] = [];
  for (let i = 1; i < common.length; i++) {
    x.push(Math.log(market.get(common[i]!)! / market.get(common[i - 1]!)!));
    y.push(Math.log(stock.get(common[i]!)! / stock.get(common[i - 1]!)!));
  }
  const mean = (v: number[]) => v.reduce((a, b) => a + b, 0) / v.length;
  const cov = (a: number[], b: number[]) => {
    const [ma, mb] = [mean(a), mean(b)];
    return a.reduce((s, _, i) => s + (a[i]! - ma) * (b[i]! - mb), 0) / (a.length - 1);
  };
  const beta = cov(x, y) / cov(x, x);
  // The residuals' variance (n − 2 degrees of freedom) over the index's spread: the slope's standard error.
  const residuals = y.map((v, i) => v - mean(y) - beta * (x[i]! - mean(x)));
  const se = Math.sqrt(residuals.reduce((s, e) => s + e * e, 0) / (x.length - 2) / (cov(x, x) * (x.length - 1)));
  return { from: common[0], to: common.at(-1), observations: x.length, beta, se, volatility: Math.sqrt(cov(y, y) * 252) };
}

/** One quote entry the stand-in serves. */
export function fixtureQuote(symbol: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path.join(FIXTURES, 'quote', `${symbol}.json`), 'utf8'));
}

import { HK_MARKET_PROXY, readHkPrices } from './hk-prices';

/**
 * Crafted bars: 24 constituents that move with a common weekly market factor plus noise of
 * their own, and one stock built at exactly twice the market's return. Its β against the
 * proxy (the others' equal-weighted mean) must come out near 2; its own bars must not be part
 * of the market it is regressed on.
 */
const WEEKS = 130;
const start = Date.parse('2024-01-05T00:00:00Z'); // a Friday

const date = (week: number, day = 0) => new Date(start + (week * 7 - day) * 86_400_000).toISOString().slice(0, 10);
const csv = (rows: Array<[string, number, number, number, number]>) =>
  ['date,open,high,low,close,volume', ...rows.map(([d, o, h, l, c]) => `${d},${o},${h},${l},${c},1000`)].join('\n');

/** A deterministic pseudo-random sequence (so the test is the same on every run). */
function noise(seed: number) {
  let s = seed;
  return () => {
    s = (s * 16807) % 2147483647;
    return (s / 2147483647 - 0.5) * 0.02;
  };
}

function files(twiceCloses: (market: number[]) => number[]) {
  const market = Array.from({ length: WEEKS }, (_, i) => Math.sin(i / 3) * 0.03);
  const weekly = new Map<string, string>();
  const daily = new Map<string, string>();
  for (let k = 0; k < 24; k++) {
    const rand = noise(k + 1);
    let close = 50;
    const rows: Array<[string, number, number, number, number]> = [];
    for (let i = 0; i < WEEKS; i++) {
      close *= Math.exp(market[i]! + rand());
      rows.push([date(i), close, close, close, close]);
    }
    weekly.set(`${String(k + 1).padStart(4, '0')}.HK`, csv(rows));
  }
  const closes = twiceCloses(market);
  weekly.set('9999.HK', csv(closes.map((c, i) => [date(i), c, c, c, c])));
  // A year of daily bars to the last week's Friday: a 52-week high set by an intraday high, and a last close.
  const days: Array<[string, number, number, number, number]> = [];
  for (let d = 300; d >= 0; d--) days.push([date(WEEKS - 1, d), 100, d === 150 ? 130 : 101, d === 200 ? 70 : 99, 100 + (d === 0 ? 5 : 0)]);
  daily.set('9999.HK', csv(days));
  return { daily, weekly, manifest: `symbol,unadjusted_from\n9999.HK,${date(WEEKS - 10)}\n` };
}

describe('readHkPrices', () => {
  const twice = (market: number[]) => {
    let close = 20;
    return market.map((m, i) => (i === 0 ? close : (close *= Math.exp(2 * m))));
  };

  it('measures β on two years of weekly returns against the other constituents’ mean, and names the proxy', () => {
    const stock = readHkPrices(files(twice)).get('9999.HK')!;
    expect(stock.history.stats).toMatchObject({ observations: 104, market: HK_MARKET_PROXY });
    expect(stock.history.stats!.betaRaw).toBeGreaterThan(1.8);
    expect(stock.history.stats!.betaRaw).toBeLessThan(2.2);
    expect(stock.history.stats!.betaBlume).toBeCloseTo(0.67 * stock.history.stats!.betaRaw + 0.33, 3);
  });

  it('takes the latest daily close and its date as the price, the 52-week range from every price of the bars, and a chart to that date', () => {
    const bundle = files(twice);
    // A weekly file that ends a week before the daily one: the chart still reaches the price date.
    bundle.weekly.set('9999.HK', bundle.weekly.get('9999.HK')!.split('\n').slice(0, -1).join('\n'));
    const stock = readHkPrices(bundle).get('9999.HK')!;
    expect(stock).toMatchObject({ close: 105, date: date(WEEKS - 1), high52Week: 130, low52Week: 70, unadjustedFrom: date(WEEKS - 10) });
    expect(stock.history.to).toBe(stock.date);
    expect(stock.history.weekly.at(-1)).toEqual({ date: stock.date, close: 105 });
    // The bars before the first as-traded day are named as dividend-adjusted.
    expect(stock.history.source).toContain(`${date(WEEKS - 10)} 之前的股價已按其後派發的股息向下調整`);
  });

  it('gives no β to a stock with too few weeks in common with the market', () => {
    const short = files((market) => twice(market).map((c, i) => (i < WEEKS - 40 ? NaN : c)));
    const stock = readHkPrices(short).get('9999.HK')!;
    expect(stock.history.stats).toBeNull();
  });
});

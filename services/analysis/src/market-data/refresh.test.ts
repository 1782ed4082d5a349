import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLogger } from '@stockai/platform';
import { fixtureCloses, fixtureQuote, fixtureSeries } from '../../../../tests/support/yahoo-fixtures';
import { startYahooStandIn, type YahooStandIn } from '../../../../tests/support/yahoo-stand-in';
import { parseRefreshArgs } from '../cli/data-refresh';
import { parseBundle, readBundleFiles } from '../universe/bundle';
import { parseCsv } from '../universe/csv';
import { refreshBundle } from './refresh';
import { createYahooClient } from './yahoo-client';

/**
 * data:refresh against the Yahoo stand-in (the real yahoo-finance2 client on loopback), writing
 * into a copy of the bundled data directory; its output then goes through the loader's own
 * parsing and checks (parseBundle, validate.ts), as `npm run check:data` and `load-stocks` read it.
 */
describe('data:refresh', () => {
  const logger = createLogger('analysis-test', 'silent');
  let yahoo: YahooStandIn;
  let dir: string;
  const DATA = path.join(__dirname, '..', '..', 'data');
  const read = (file: string) => parseCsv(readFileSync(path.join(dir, file), 'utf8'));
  const refresh = (market: 'hk' | 'us', symbols: string[]) =>
    refreshBundle({
      client: createYahooClient({ baseUrl: yahoo.url, timeoutMs: 5000, logger }),
      market,
      symbols,
      dataDir: dir,
      now: new Date('2025-11-22T02:00:00Z'),
    });

  beforeAll(async () => {
    yahoo = await startYahooStandIn();
    dir = mkdtempSync(path.join(tmpdir(), 'stockai-refresh-'));
    cpSync(path.join(DATA, 'market'), path.join(dir, 'market'), { recursive: true });
    cpSync(path.join(DATA, 'prices'), path.join(dir, 'prices'), { recursive: true });
  });

  afterAll(async () => {
    await yahoo?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads --market and --symbols, and refuses anything else with its usage', () => {
    expect(parseRefreshArgs(['--market', 'hk', '--symbols', '0700.HK,0005.HK'])).toEqual({ market: 'hk', symbols: ['0700.HK', '0005.HK'] });
    expect(parseRefreshArgs(['--market', 'us'])).toEqual({ market: 'us' });
    expect(() => parseRefreshArgs(['--market', 'jp'])).toThrow(/Usage: npm run data:refresh -- --market hk\|us/);
  });

  it('writes a Hong Kong stock’s bars, statements and snapshot in the loader’s formats, and they pass its checks', async () => {
    const before = read('market/hk/hsi-compiled-2026/periods.csv').filter((r) => r.symbol !== '0700.HK');
    const result = await refresh('hk', ['0700.HK', '9999.HK']);
    // The stand-in has Tencent only: NetEase is left as it was and said to be.
    expect(result.refreshed).toEqual(['0700.HK']);
    expect(result.failed.map((f) => f.symbol)).toEqual(['9999.HK']);

    const quote = fixtureQuote('0700.HK');
    const quoteDay = new Date((quote.regularMarketTime as number) * 1000 + 8 * 3_600_000).toISOString().slice(0, 10);
    const daily = read('prices/hk-daily-2026/daily/0700.HK.csv');
    // The chart's bars (ending 2025-07-18) and the quote's newer day as the last bar.
    expect(daily.at(-1)).toMatchObject({ date: quoteDay, close: String(quote.regularMarketPrice) });
    const closes = fixtureCloses('0700.HK');
    const chartDay = [...closes.keys()].sort().at(-1)!;
    expect(Number(daily.find((b) => b.date === chartDay)?.close)).toBeCloseTo(closes.get(chartDay)!, 4);
    expect(read('prices/hk-daily-2026/weekly/0700.HK.csv').at(-1)).toMatchObject({ date: quoteDay });
    expect(read('prices/hk-daily-2026/MANIFEST.csv').find((r) => r.symbol === '0700.HK')).toMatchObject({ daily_to: quoteDay });

    const periods = read('market/hk/hsi-compiled-2026/periods.csv');
    const revenue = fixtureSeries('0700.HK', 'TotalRevenue');
    expect(
      periods.filter((r) => r.symbol === '0700.HK').map((r) => [r.fiscal_period, r.period_end, r.currency, Number(r.revenue)]),
    ).toEqual(Object.entries(revenue).map(([end, v]) => [`FY${end.slice(0, 4)}`, end, 'CNY', v]));
    // Every other company's rows are kept as they were.
    expect(periods.filter((r) => r.symbol !== '0700.HK')).toEqual(before);
    const snapshot = read('market/hk/hsi-compiled-2026/snapshot.csv').find((r) => r.symbol === '0700.HK');
    // Yahoo quotes a CNY reporter's EPS in HKD: left blank, the statements give it.
    expect(snapshot).toMatchObject({ currency_reporting: 'CNY', price: '612.5', market_cap: String(quote.marketCap), eps_ttm: '' });

    // Through the loader: the refreshed files pass its checks and give the report's figures.
    const bundle = parseBundle(readBundleFiles(path.join(dir, 'market')));
    const check = bundle.checks.find((c) => c.symbol === '0700.HK')!;
    expect(check).toMatchObject({ passed: true });
    expect(check.checks.find((c) => c.rule === 'market_cap')?.outcome).toBe('pass');
    expect(check.checks.find((c) => c.rule === 'currency')?.outcome).toBe('pass');
    const tencent = bundle.fundamentals.find((f) => f.symbol === '0700.HK')!;
    expect(tencent).toMatchObject({ price: 612.5, asOf: quoteDay });
    expect(tencent.fiscalYears?.map((y) => y.end)).toEqual(Object.keys(revenue));
    expect(tencent.priceHistory?.to).toBe(quoteDay);
    expect(JSON.parse(readFileSync(path.join(dir, 'market', 'manifest.json'), 'utf8'))['../prices/hk-daily-2026']).toEqual({
      asOf: quoteDay,
    });
  });

  it('writes a US stock’s row with its own date, its weekly closes and its β, and the loader reads them', async () => {
    const result = await refresh('us', ['AAPL']);
    expect(result).toEqual({ refreshed: ['AAPL'], failed: [] });
    const row = read('market/us/sp500-constituents-financials.csv').find((r) => r.Symbol === 'AAPL');
    const quote = fixtureQuote('AAPL');
    expect(row).toMatchObject({ Price: String(quote.regularMarketPrice), 'Market Cap': String(quote.marketCap), 'As Of': '2025-11-21' });
    expect(read('market/us/sp500-constituents-financials.csv').find((r) => r.Symbol === 'MMM')?.['As Of']).toBe('');
    const weekly = read('prices/weekly-closes.csv').filter((r) => r.symbol === 'AAPL');
    const closes = fixtureCloses('AAPL');
    expect(weekly.at(-1)?.date).toBe([...closes.keys()].sort().at(-1));
    expect(read('prices/price-stats.csv').find((r) => r.symbol === 'AAPL')?.market).toContain('^GSPC');

    const bundle = parseBundle(readBundleFiles(path.join(dir, 'market')));
    const apple = bundle.fundamentals.find((f) => f.symbol === 'AAPL')!;
    expect(apple).toMatchObject({ price: quote.regularMarketPrice, asOf: '2025-11-21' });
    expect(bundle.fundamentals.find((f) => f.symbol === 'MMM')?.asOf).toBe('2026-08-22');
  });
});

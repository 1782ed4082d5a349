import { createLogger, createMemoryCache, migrate, PLATFORM_MIGRATIONS_DIR, type Database } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { expectedStats, fixtureCloses, fixtureSeries } from '../../../../tests/support/yahoo-fixtures';
import { startYahooStandIn, type YahooStandIn } from '../../../../tests/support/yahoo-stand-in';
import { valuationModels } from '../report/valuation';
import { BUNDLED_MARKET_DATA } from '../universe/bundle';
import { parseCsv } from '../universe/csv';
import { parseFxTable } from '../universe/fx';
import { loadUniverse } from '../universe/loader';
import { createUniverse } from '../universe/service';
import { createMarketDataProvider } from './index';
import { snapshotProvider } from './snapshot';
import { createYahooClient } from './yahoo-client';
import { bookValueOf, yahooProvider } from './yahoo';
import { yahooCache } from './yahoo-cache';

/** The last daily bar of a Hong Kong stock in the bundled price files: the snapshot's price and date. */
function lastClose(symbol: string): { date: string; close: number } {
  const rows = parseCsv(readFileSync(path.join(BUNDLED_MARKET_DATA, '..', 'prices', 'hk-daily-2026', 'daily', `${symbol}.csv`), 'utf8'));
  const last = rows.at(-1)!;
  return { date: last.date!, close: Number(last.close) };
}

const logger = createLogger('analysis-test', process.env.TEST_LOG_LEVEL === 'warn' ? 'warn' : 'silent');

/** The market-data providers on real PostgreSQL, Yahoo played by the stand-in on loopback. */
describe('market data', () => {
  let db: Database;
  let drop: () => Promise<void>;
  let yahoo: YahooStandIn;

  beforeAll(async () => {
    ({ db, drop } = await createTestDatabase());
    await migrate(db, PLATFORM_MIGRATIONS_DIR);
    await migrate(db, path.join(__dirname, '..', '..', 'migrations'));
    await loadUniverse(db);
    yahoo = await startYahooStandIn();
  }, 60_000);

  afterAll(async () => {
    await yahoo?.close();
    await drop?.();
  });

  beforeEach(() => yahoo.failWith(null));

  describe('snapshot', () => {
    const sut = () => createMarketDataProvider({ source: 'snapshot', db, logger });

    it('gives the bundled figures of a Hong Kong stock in HKD, as of the latest daily close', async () => {
      const data = await sut().fetch('700');
      const { date, close } = lastClose('0700.HK');
      expect(data).toMatchObject({
        symbol: '0700.HK',
        market: 'HK',
        companyName: 'Tencent Holdings Ltd',
        companyNameZh: '騰訊控股',
        currency: 'HKD',
        reportingCurrency: 'CNY',
        price: close,
        eps: 25.11,
        asOf: date,
        source: 'snapshot',
        change: null,
        volume: null,
      });
      // The ratios read the one price the report shows.
      expect(data.peRatio).toBeCloseTo(close / 25.11, 9);
      expect(data.dividendYield).toBeCloseTo(4.5 / close, 9);
      expect(data.marketCap).toBeCloseTo(close * data.sharesOutstanding!, 0);
      expect(data.notes[0]).toBe(`數據來自內置離線快照（截至 ${date}），並非即時報價；沒有當日升跌及成交量。`);
      expect(data.fiscalYears?.map((y) => y.end)).toEqual(['2021-12-31', '2022-12-31', '2023-12-31', '2024-12-31']);
      expect(data.priceHistory).toMatchObject({ to: date, stats: { observations: 104 } });
    });

    it('converts figures reported in CNY with the bundled, dated rate and says so', async () => {
      const data = await sut().fetch('9988.HK');
      // The compiled TTM to 2025-12-31 (CNY, a page of 2026-03-24) is newer than the older row's revenue.
      expect(data.revenue).toBeCloseTo(1_016_744_000_000 * (100 / 89.592), -3);
      expect(data.netIncome).toBeCloseTo(125_433_000_000 * (100 / 89.592), -3);
      expect(data.notes.join('\n')).toContain('1 CNY = 1.1162 HKD（中國外匯交易中心人民幣中間價，2026-01-27）');
    });

    it('derives book value, shares, revenue and dividend from the S&P figures and records how', async () => {
      const data = await sut().fetch('MMM');
      expect(data.bookValuePerShare).toBeCloseTo(178.96 / 31.26485, 6);
      expect(data.sharesOutstanding).toBeCloseTo(92_293_693_440 / 178.96, 0);
      expect(data.revenue).toBeCloseTo(92_293_693_440 / 3.665357, 0);
      expect(data.ebitda).toBe(6_488_000_000);
      expect(data.freeCashFlow).toBeNull();
      expect(data.notes.join('\n')).toMatch(/每股帳面值由股價 ÷ 市帳率推算[\s\S]*營業額由市值 ÷ 市銷率推算/);
    });

    it('answers a stock without figures with nulls and a note, and refuses an unknown symbol', async () => {
      const data = await sut().fetch('0001.HK');
      expect(data.price).toBe(lastClose('0001.HK').close);
      const bare = await sut().fetch('BFRG');
      expect(bare).toMatchObject({ price: null, marketCap: null, currency: 'USD', asOf: null });
      expect(bare.notes).toEqual(['離線快照中沒有此股票的價格及財務數據，只有代碼、名稱及分類。']);
      await expect(sut().fetch('NOPE123')).rejects.toThrow(/Unknown symbol/);
    });
  });

  describe('yahoo', () => {
    const sut = () => createMarketDataProvider({ source: 'yahoo', db, logger, yahoo: { baseUrl: yahoo.url } });

    it('reads quote and the latest annual statements through yahoo-finance2', async () => {
      const data = await sut().fetch('aapl');
      const revenue = fixtureSeries('AAPL', 'TotalRevenue');
      const fcf = fixtureSeries('AAPL', 'FreeCashFlow');
      const ends = Object.keys(revenue).sort();
      const latest = ends.at(-1)!;
      expect(data).toMatchObject({
        symbol: 'AAPL',
        source: 'yahoo',
        companyName: 'Apple Inc.',
        sector: 'Information Technology',
        currency: 'USD',
        reportingCurrency: 'USD',
        price: 271.49,
        change: 4.3,
        changePercent: 1.9729,
        volume: 59_030_832,
        marketCap: 4_011_653_054_464,
        peRatio: 36.34,
        eps: 7.47,
        dividendPerShare: 1.03,
        dividendYield: 0.0038686,
        high52Week: 277.32,
        low52Week: 169.21,
        revenue: revenue[latest],
        netIncome: fixtureSeries('AAPL', 'NetIncomeCommonStockholders')[latest],
        freeCashFlow: fcf[latest],
        ebitda: fixtureSeries('AAPL', 'EBITDA')[latest],
        totalDebt: fixtureSeries('AAPL', 'TotalDebt')[latest],
        cash: fixtureSeries('AAPL', 'CashAndCashEquivalents')[latest],
        asOf: '2025-11-21',
      });
      // Every fiscal year the stand-in holds, oldest first: the DCF reads its revenue growth and normal cash flow from them.
      expect(data.fiscalYears?.map((y) => [y.end, y.revenue, y.freeCashFlow, y.equity])).toEqual(
        ends.map((d) => [d, revenue[d], fcf[d], fixtureSeries('AAPL', 'StockholdersEquity')[d]]),
      );
      expect(data.notes.join('\n')).toContain(`均取自截至 ${latest} 的財政年度年報`);
      expect(data.bookValuePerShare).toBeCloseTo(271.49 / 54.4, 10); // price ÷ P/B = 4.9906
      expect(data.notes[0]).toContain('即時數據來自 Yahoo Finance');
      expect(yahoo.requests.some((r) => r.startsWith('/v1/test/getcrumb'))).toBe(true);
      expect(yahoo.requests.some((r) => r.startsWith('/ws/fundamentals-timeseries/v1/finance/timeseries/AAPL?'))).toBe(true);
    });

    it('measures β and volatility from Yahoo’s daily prices against ^GSPC, as the bundled figures are measured', async () => {
      const data = await sut().fetch('AAPL');
      const expected = expectedStats('AAPL', '^GSPC');
      const stats = data.priceHistory!.stats!;
      expect(stats).toMatchObject({
        from: expected.from,
        to: expected.to,
        observations: expected.observations,
        market: expect.stringContaining('^GSPC'),
      });
      expect(stats.betaRaw).toBeCloseTo(expected.beta, 4);
      expect(stats.betaBlume).toBeCloseTo(0.67 * expected.beta + 0.33, 4);
      expect(stats.volatility).toBeCloseTo(expected.volatility, 4);
      // The stand-in serves the same Yahoo series the bundle was built from (build-valuation-data.mjs): the same β.
      const bundled = readFileSync(path.join(BUNDLED_MARKET_DATA, '..', 'prices', 'price-stats.csv'), 'utf8')
        .split('\n')
        .find((l) => l.startsWith('AAPL,'))!
        .split(',');
      expect(stats.betaRaw).toBeCloseTo(Number(bundled[4]), 3);
      // Weekly closes for the chart: the last close of each week, the window named.
      const weekly = data.priceHistory!.weekly;
      expect(weekly.at(-1)).toEqual({ date: expected.to, close: fixtureCloses('AAPL').get(expected.to!) });
      expect(data.priceHistory!.source).toContain(`${weekly[0]!.date} 至 ${expected.to}`);
      // The stand-in's AAPL history ends in 2024, the quote is of 2025-11-21: the chart says its last close is not the price.
      expect(data.priceHistory!.source).toMatch(/；並非最新股價（報價日期 2025-11-21）$/);
      expect(yahoo.requests.some((r) => r.startsWith('/v8/finance/chart/%5EGSPC?') || r.startsWith('/v8/finance/chart/^GSPC?'))).toBe(true);
    });

    it('keeps statements and daily prices in the cache, so a second analysis asks Yahoo for the quote only', async () => {
      const provider = createMarketDataProvider({ source: 'yahoo', db, logger, yahoo: { baseUrl: yahoo.url }, cache: createMemoryCache() });
      const first = await provider.fetch('AAPL');
      const before = yahoo.requests.length;
      const second = await provider.fetch('AAPL');
      const asked = yahoo.requests.slice(before).map((r) => r.split('?')[0]);
      expect(asked).toEqual(['/v7/finance/quote']);
      expect(second.fiscalYears).toEqual(first.fiscalYears);
      expect(second.priceHistory).toEqual(first.priceHistory);
      expect(second.freeCashFlow).toBe(first.freeCashFlow);
    });

    it('asks Yahoo once for what analyses starting together all need (the index, one stock’s statements)', async () => {
      const provider = createMarketDataProvider({ source: 'yahoo', db, logger, yahoo: { baseUrl: yahoo.url }, cache: createMemoryCache() });
      const before = yahoo.requests.length;
      const burst = await Promise.all([provider.fetch('AAPL'), provider.fetch('AAPL'), provider.fetch('AAPL')]);
      const asked = yahoo.requests.slice(before).map((r) => r.split('?')[0]);
      expect(asked.filter((r) => r === '/ws/fundamentals-timeseries/v1/finance/timeseries/AAPL')).toHaveLength(1);
      expect(asked.filter((r) => r === '/v8/finance/chart/^GSPC')).toHaveLength(1);
      expect(asked.filter((r) => r === '/v7/finance/quote')).toHaveLength(3);
      expect(burst.every((d) => d.priceHistory?.stats?.betaRaw === burst[0]!.priceHistory?.stats?.betaRaw)).toBe(true);
    });

    it('degrades to what Yahoo has when the index or the statements are missing, saying so', async () => {
      const standIn = await startYahooStandIn();
      standIn.withhold('^HSI');
      try {
        const provider = createMarketDataProvider({ source: 'yahoo', db, logger, yahoo: { baseUrl: standIn.url } });
        const tencent = await provider.fetch('0700.HK');
        expect(tencent.source).toBe('yahoo');
        expect(tencent.priceHistory?.weekly.length).toBeGreaterThan(0);
        expect(tencent.priceHistory?.stats).toBeNull();
        expect(tencent.notes.join('\n')).toContain('恒生指數（^HSI，Yahoo Finance）的股價暫時無法取得，未能計算 β 值及波幅');
        // Without a live β the bundled regression stands in, naming its own window.
        const bundled = parseCsv(readFileSync(path.join(BUNDLED_MARKET_DATA, '..', 'prices', 'price-stats.csv'), 'utf8')).find(
          (r) => r.symbol === '0700.HK',
        )!;
        const rate = valuationModels({ data: tencent, medians: null, investorType: 'growth' }).discountRate!;
        expect(rate.betaSource).toContain(`以 ${bundled.from} 至 ${bundled.to} 每日回報對`);
        expect(rate.betaSource).toContain(`（${bundled.observations} 個交易日，`);
        // Neither live nor bundled: the stand-in β says why there is no regression.
        const unbundled = { ...tencent, symbol: 'NOHISTORY.HK' };
        expect(valuationModels({ data: unbundled, medians: null, investorType: 'growth' }).discountRate!.betaSource).toMatch(
          /^與大市指數重疊的交易日不足或指數數據未能取得，未能回歸 β；/,
        );
        expect(
          valuationModels({ data: { ...unbundled, priceHistory: null }, medians: null, investorType: 'growth' }).discountRate!.betaSource,
        ).toMatch(/^Yahoo Finance 的股價歷史未能取得，未能回歸 β；/);
        // Too few years to measure revenue growth or a normal margin: the DCF says it grew the latest free cash flow at the sustainable rate instead, and why.
        const twoYears = { ...tencent, fiscalYears: tencent.fiscalYears!.slice(-2) };
        const noGrowth = valuationModels({ data: twoYears, medians: null, investorType: 'growth' }).models.find((m) => m.id === 'dcf')!;
        expect(noGrowth.inputs.growthSource).toBe('可持續增長率（ROE × 保留比率）；營業額的年度少於兩年，未能計算歷史增長');
        expect(noGrowth.inputs.baseMethod).toMatch(/^最新財政年度自由現金流（只有 2 個財政年度同時有營業額及自由現金流（少於 3 年）/);
        expect(noGrowth.inputs.baseAmount).toBe(tencent.freeCashFlow);

        standIn.withhold('AAPL');
        standIn.withhold('^GSPC');
        // No quote at all: the snapshot answers, as before.
        expect((await provider.fetch('AAPL')).source).toBe('snapshot');
      } finally {
        await standIn.close();
      }
    });

    it('converts CNY statements to HKD at Yahoo’s rate, measures β against ^HSI, and leaves out a 52-week range older than the quote', async () => {
      const data = await sut().fetch('0700.HK');
      expect(data).toMatchObject({
        currency: 'HKD',
        reportingCurrency: 'CNY',
        price: 612.5,
        companyNameZh: '騰訊控股',
        // The quote has no 52-week range and the chart ends months before the quote (2025-07-18 vs 2025-11-21).
        high52Week: null,
        low52Week: null,
      });
      expect(data.notes.join('\n')).toContain('52 週高低位從缺');
      expect(data.revenue).toBeCloseTo(660_257_000_000 * 1.0834, -2);
      expect(data.netIncome).toBeCloseTo(194_073_000_000 * 1.0834, -2);
      // Every year at the one rate, the growth unchanged by it.
      const fcf = fixtureSeries('0700.HK', 'FreeCashFlow');
      expect(data.fiscalYears?.map((y) => y.freeCashFlow)).toEqual(
        Object.keys(fcf)
          .sort()
          .map((d) => expect.closeTo(fcf[d]! * 1.0834, -2)),
      );
      const expected = expectedStats('0700.HK', '^HSI');
      expect(data.priceHistory?.stats).toMatchObject({ from: expected.from, to: expected.to, observations: expected.observations });
      expect(data.priceHistory!.stats!.betaRaw).toBeCloseTo(expected.beta, 4);
      expect(data.priceHistory!.stats!.volatility).toBeCloseTo(expected.volatility, 4);
      // price ÷ P/B, already in HKD: 612.5 / 5.17 = 118.47, not Yahoo's bookValue 118.4 converted again (128.27).
      expect(data.bookValuePerShare).toBeCloseTo(612.5 / 5.17, 10);
      expect(data.notes.join('\n')).toContain('每股帳面值由股價 ÷ 市帳率推算');
      expect(data.notes.join('\n')).toContain('1 CNY = 1.0834 HKD（Yahoo Finance 匯率 CNYHKD=X');
      expect(yahoo.requests.some((r) => r.startsWith('/v8/finance/chart/0700.HK?'))).toBe(true);
      // Chinese notes: the only ASCII words are the provider's name, its tickers, currency codes and EBITDA (as Chinese reports write it).
      const words =
        data.notes
          .join('\n')
          .replace(/Yahoo Finance|CNYHKD=X|\^HSI/g, '')
          .match(/[A-Za-z]+/g) ?? [];
      expect(words.filter((w) => !['CNY', 'HKD', 'EBITDA'].includes(w))).toEqual([]);
    });

    it('takes Yahoo’s bookValue, converted, only when there is no price-to-book', () => {
      expect(bookValueOf(612.5, 5.17, 128.27)).toEqual({ value: 612.5 / 5.17, derived: true });
      expect(bookValueOf(612.5, null, 128.27)).toEqual({ value: 128.27, derived: false });
      expect(bookValueOf(null, 5.17, 128.27)).toEqual({ value: 128.27, derived: false });
    });

    it('falls back to the snapshot, saying so, when Yahoo answers 500', async () => {
      yahoo.failWith(500);
      const data = await sut().fetch('0700.HK');
      const { date, close } = lastClose('0700.HK');
      expect(data).toMatchObject({ source: 'snapshot', price: close, asOf: date });
      expect(data.notes[0]).toBe(
        `未能從 Yahoo Finance 取得即時數據（Yahoo Finance 回應錯誤，狀態碼 500），改用離線快照數據（截至 ${date}）。`,
      );
    });

    it('falls back to the snapshot when Yahoo has no quote for the symbol', async () => {
      const data = await sut().fetch('MMM');
      expect(data).toMatchObject({ source: 'snapshot', price: 178.96 });
      expect(data.notes[0]).toContain('未能從 Yahoo Finance 取得即時數據');
    });
  });

  it('uses the bundled FX table when Yahoo has no rate, and leaves Yahoo alone for a minute after a 429', async () => {
    const standIn = await startYahooStandIn();
    standIn.withhold('CNYHKD=X');
    let clock = new Date('2026-11-23T02:00:00Z');
    const universe = createUniverse(db);
    const fx = parseFxTable(readFileSync(path.join(BUNDLED_MARKET_DATA, 'fx-rates.csv'), 'utf8'));
    const sut = yahooProvider({
      client: createYahooClient({ baseUrl: standIn.url, timeoutMs: 5000, logger }),
      find: (s) => universe.find(s),
      fallback: snapshotProvider(universe),
      fx,
      logger,
      now: () => clock,
      cache: yahooCache(undefined, logger),
    });
    try {
      const converted = await sut.fetch('0700.HK');
      // The table's newest rate on or before the clock's day.
      const rate = fx.rate('CNY', 'HKD', '2026-11-23');
      expect(rate?.date).toBe('2026-01-27');
      expect(converted.revenue).toBeCloseTo(660_257_000_000 * rate!.rate, -2);
      expect(converted.notes.join('\n')).toContain('Yahoo 沒有匯率，改用內置匯率表');

      standIn.failWith(429);
      expect((await sut.fetch('AAPL')).notes[0]).toContain('Yahoo Finance 暫時限制請求次數');
      standIn.failWith(null);
      const before = standIn.requests.length;
      clock = new Date(clock.getTime() + 30_000);
      expect((await sut.fetch('AAPL')).source).toBe('snapshot');
      expect(standIn.requests.length).toBe(before);
      clock = new Date(clock.getTime() + 31_000);
      expect((await sut.fetch('AAPL')).source).toBe('yahoo');
    } finally {
      await standIn.close();
    }
  });
});

import { createLogger, migrate, PLATFORM_MIGRATIONS_DIR, type Database } from '@stockai/platform';
import { createTestDatabase } from '@stockai/platform/src/testing';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { startYahooStandIn, type YahooStandIn } from '../../../../tests/support/yahoo-stand-in';
import { BUNDLED_MARKET_DATA } from '../universe/bundle';
import { parseFxTable } from '../universe/fx';
import { loadUniverse } from '../universe/loader';
import { createUniverse } from '../universe/service';
import { createMarketDataProvider } from './index';
import { snapshotProvider } from './snapshot';
import { createYahooClient } from './yahoo-client';
import { bookValueOf, yahooProvider } from './yahoo';

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

    it('gives the bundled figures of a Hong Kong stock in HKD, as of their date', async () => {
      const data = await sut().fetch('700');
      expect(data).toMatchObject({
        symbol: '0700.HK',
        market: 'HK',
        companyName: 'Tencent Holdings Ltd',
        companyNameZh: '騰訊控股',
        currency: 'HKD',
        reportingCurrency: 'CNY',
        price: 533,
        peRatio: 21.23,
        eps: 25.11,
        dividendYield: 0.0085,
        asOf: '2026-02-16',
        source: 'snapshot',
        change: null,
        volume: null,
      });
      expect(data.notes[0]).toBe('數據來自內置離線快照（截至 2026-02-16），並非即時報價；沒有當日升跌及成交量。');
    });

    it('converts figures reported in CNY with the bundled, dated rate and says so', async () => {
      const data = await sut().fetch('9988.HK');
      expect(data.revenue).toBeCloseTo(1_012_055_000_000 * (100 / 91.174), -3);
      expect(data.netIncome).toBeCloseTo(125_433_000_000 * (100 / 91.174), -3);
      expect(data.notes.join('\n')).toContain('1 CNY = 1.0968 HKD（中國外匯交易中心人民幣中間價，2025-09-01）');
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
      expect(data.price).toBe(63.5);
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
        revenue: 391_035_000_000,
        netIncome: 93_736_000_000,
        freeCashFlow: 108_807_000_000,
        ebitda: 134_661_000_000,
        totalDebt: 119_059_000_000,
        cash: 29_943_000_000,
        asOf: '2025-11-21',
      });
      expect(data.bookValuePerShare).toBeCloseTo(271.49 / 54.4, 10); // price ÷ P/B = 4.9906
      expect(data.notes[0]).toContain('即時數據來自 Yahoo Finance');
      expect(yahoo.requests.some((r) => r.startsWith('/v1/test/getcrumb'))).toBe(true);
      expect(yahoo.requests.some((r) => r.startsWith('/ws/fundamentals-timeseries/v1/finance/timeseries/AAPL?'))).toBe(true);
    });

    it('converts CNY statements to HKD at Yahoo’s rate and takes the 52-week range from the chart', async () => {
      const data = await sut().fetch('0700.HK');
      expect(data).toMatchObject({
        currency: 'HKD',
        reportingCurrency: 'CNY',
        price: 612.5,
        companyNameZh: '騰訊控股',
        high52Week: 683,
        low52Week: 401.4,
      });
      expect(data.revenue).toBeCloseTo(660_257_000_000 * 1.0834, -2);
      expect(data.netIncome).toBeCloseTo(194_073_000_000 * 1.0834, -2);
      // price ÷ P/B, already in HKD: 612.5 / 5.17 = 118.47, not Yahoo's bookValue 118.4 converted again (128.27).
      expect(data.bookValuePerShare).toBeCloseTo(612.5 / 5.17, 10);
      expect(data.notes.join('\n')).toContain('每股帳面值由股價 ÷ 市帳率推算');
      expect(data.notes.join('\n')).toContain('1 CNY = 1.0834 HKD（Yahoo Finance 匯率 CNYHKD=X');
      expect(yahoo.requests.some((r) => r.startsWith('/v8/finance/chart/0700.HK?'))).toBe(true);
      // Chinese notes: the only ASCII words are the provider's name, its FX ticker and currency codes.
      const words =
        data.notes
          .join('\n')
          .replace(/Yahoo Finance|CNYHKD=X/g, '')
          .match(/[A-Za-z]+/g) ?? [];
      expect(words.filter((w) => !['CNY', 'HKD'].includes(w))).toEqual([]);
    });

    it('takes Yahoo’s bookValue, converted, only when there is no price-to-book', () => {
      expect(bookValueOf(612.5, 5.17, 128.27)).toEqual({ value: 612.5 / 5.17, derived: true });
      expect(bookValueOf(612.5, null, 128.27)).toEqual({ value: 128.27, derived: false });
      expect(bookValueOf(null, 5.17, 128.27)).toEqual({ value: 128.27, derived: false });
    });

    it('falls back to the snapshot, saying so, when Yahoo answers 500', async () => {
      yahoo.failWith(500);
      const data = await sut().fetch('0700.HK');
      expect(data).toMatchObject({ source: 'snapshot', price: 533, asOf: '2026-02-16' });
      expect(data.notes[0]).toBe(
        '未能從 Yahoo Finance 取得即時數據（Yahoo Finance 回應錯誤，狀態碼 500），改用離線快照數據（截至 2026-02-16）。',
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
    const sut = yahooProvider({
      client: createYahooClient({ baseUrl: standIn.url, timeoutMs: 5000, logger }),
      find: (s) => universe.find(s),
      fallback: snapshotProvider(universe),
      fx: parseFxTable(readFileSync(path.join(BUNDLED_MARKET_DATA, 'fx-rates.csv'), 'utf8')),
      logger,
      now: () => clock,
    });
    try {
      const converted = await sut.fetch('0700.HK');
      expect(converted.revenue).toBeCloseTo(660_257_000_000 * (100 / 91.174), -2);
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

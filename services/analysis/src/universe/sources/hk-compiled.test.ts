import { parseFxTable } from '../fx';
import { buildCompany, COMPILED_FOLDER, pagePrice, readCompiled } from './hk-compiled';
import type { HkPrices } from './hk-prices';

/**
 * One crafted company through the builder: its statements (CNY) converted at the dated rate,
 * its ratios recomputed at the daily close, a figure two pages give differently resolved by
 * the rule, and a bad share count turning the company into one without figures.
 */
const fx = parseFxTable(['date,currency,cny_per_100,source', '2025-09-01,HKD,91.18,https://example.org/a'].join('\n'));
const RATE = 100 / 91.18;

const PERIODS = [
  'symbol,name_en,fiscal_period,period_end,currency,revenue,operating_income,net_income,eps_diluted,dividend_per_share,shares_diluted,total_debt,cash_and_short_term_investments,operating_cash_flow,capital_expenditure,free_cash_flow,total_equity,book_value_per_share,source_url,page_date',
  '9999.HK,Crafted Co,FY2022,2022-12-31,CNY,1000,,100,1,0.4,100,,,150,-50,,,,https://example.org/p,2026-03-01',
  '9999.HK,Crafted Co,FY2023,2023-12-31,CNY,1100,,110,1.1,0.4,100,,,160,-60,,,,https://example.org/p,2026-03-01',
  '9999.HK,Crafted Co,FY2024,2024-12-31,CNY,1210,,121,1.21,0.5,100,300,200,170,-70,,1000,,https://example.org/p,2026-03-01',
].join('\n');
const SNAPSHOT = [
  'symbol,name_en,sector,industry,currency_trading,currency_reporting,price,price_date,market_cap,shares_outstanding,pe_ttm,eps_ttm,dividend_per_share_ttm,dividend_yield,beta,high_52w,low_52w,book_value_per_share,fiscal_year_end,source_url,page_date',
  '9999.HK,Crafted Co,Technology,Software - Application,HKD,CNY,20,2025-12-01,2000,100,15,,,,,,,,12-31,https://example.org/s,2025-12-01',
].join('\n');
// Two pages on FY2024 debt: one converted into HKD by the page (newer), one in CNY (older): the CNY one wins.
const BALANCE = [
  'symbol,item,value,currency,period_or_date,source_url,page_date',
  '9999.HK,total_debt,400,HKD,FY2024,https://example.org/b,2026-02-01',
  '9999.HK,total_debt,310,CNY,FY2024,https://example.org/c,2025-06-01',
].join('\n');

const prices: HkPrices = {
  symbol: '9999.HK',
  close: 25,
  date: '2026-10-09',
  high52Week: 30,
  low52Week: 18,
  unadjustedFrom: '2026-06-01',
  history: { weekly: [{ date: '2026-10-09', close: 25 }], from: '2026-10-09', to: '2026-10-09', source: 'crafted', stats: null },
};

describe('buildCompany', () => {
  it('converts the statements at the dated rate, recomputes the ratios at the close and keeps every fiscal year', () => {
    const compiled = readCompiled({ periods: PERIODS, snapshot: SNAPSHOT, balance: BALANCE }).get('9999.HK')!;
    const built = buildCompany(compiled, null, prices, fx)!;
    expect(built.check.passed).toBe(true);
    const f = built.figures!;
    expect(f).toMatchObject({ price: 25, asOf: '2026-10-09', currency: 'HKD', reportingCurrency: 'CNY', sharesOutstanding: 100 });
    expect(f.marketCap).toBeCloseTo(2500, 9);
    expect(f.eps).toBeCloseTo(1.21 * RATE, 9);
    expect(f.peRatio).toBeCloseTo(25 / (1.21 * RATE), 9);
    expect(f.dividendYield).toBeCloseTo((0.5 * RATE) / 25, 9);
    expect(f.revenue).toBeCloseTo(1210 * RATE, 6);
    // Free cash flow = operating cash flow − capex where the page gives no FCF.
    expect(f.freeCashFlow).toBeCloseTo(100 * RATE, 6);
    expect(f.fiscalYears?.map((y) => [y.end, Number(y.revenue!.toFixed(6)), Number(y.freeCashFlow!.toFixed(6))])).toEqual([
      ['2022-12-31', Number((1000 * RATE).toFixed(6)), Number((100 * RATE).toFixed(6))],
      ['2023-12-31', Number((1100 * RATE).toFixed(6)), Number((100 * RATE).toFixed(6))],
      ['2024-12-31', Number((1210 * RATE).toFixed(6)), Number((100 * RATE).toFixed(6))],
    ]);
    expect(f.notes.join('\n')).toContain('財務報表取自 2022、2023、2024 共 3 個財政年度');
  });

  it('resolves pages that disagree by the rule and keeps the loser as a note', () => {
    const f = buildCompany(
      readCompiled({ periods: PERIODS, snapshot: SNAPSHOT, balance: BALANCE }).get('9999.HK')!,
      null,
      prices,
      fx,
    )!.figures!;
    // The FY2024 row (CNY, 300, page of 2026-03-01) beats the CNY balance row of an older page and the page-converted HKD 400.
    expect(f.totalDebt).toBeCloseTo(300 * RATE, 6);
    expect(f.sourceConflicts).toHaveLength(2);
    expect(f.sourceConflicts!.join('\n')).toMatch(/總債務：來源不一致，採用 財務報表整理（2024 財政年度）（2026-03-01，CNY）/);
    expect(f.sourceConflicts!.join('\n')).toContain('未採用 資產負債及股息整理（2026-02-01，HKD）的 400.0');
  });

  it('leaves a company whose only share count disagrees with its market cap without figures, saying why', () => {
    const wrongShares = SNAPSHOT.replace('2000,100,15', '2000,50,15');
    const periods = PERIODS.replace(/,100,,,/g, ',50,,,').replace(',100,300,', ',50,300,');
    const built = buildCompany(readCompiled({ periods, snapshot: wrongShares, balance: BALANCE }).get('9999.HK')!, null, prices, fx)!;
    expect(built.figures).toBeNull();
    expect(built.check.reason).toContain('相差 50.0%');
  });

  describe('a peer without daily bars (hk-peers-compiled-2026)', () => {
    const PEER = [
      SNAPSHOT.split('\n')[0],
      '8888.HK,Peer Co,Technology,Software - Application,HKD,CNY,12,2025-06-06,1200,100,8,,,,1.1,14,9,,12-31,https://example.org/peer,2025-06-06',
    ].join('\n');
    const peer = () => readCompiled({ periods: PERIODS.split('\n')[0]!, snapshot: PEER, balance: BALANCE.split('\n')[0]! }).get('8888.HK')!;

    it("is priced at its page's price on the page's date, every ratio at that price, and says so", () => {
      const sut = buildCompany(peer(), null, pagePrice(peer()), fx, COMPILED_FOLDER.peers)!;
      expect(sut.check.passed).toBe(true);
      const f = sut.figures!;
      expect(f).toMatchObject({ price: 12, asOf: '2025-06-06', high52Week: 14, low52Week: 9, beta: 1.1, priceHistory: null });
      expect(f.marketCap).toBeCloseTo(1200, 9);
      // EPS from the page's own price and P/E: the P/E is the page's, at its own date.
      expect(f.peRatio).toBeCloseTo(8, 9);
      expect(f.notes[0]).toContain('股價為統計頁所載 2025-06-06 的價格');
      expect(f.notes.join('\n')).toContain('β 值 1.1 取自統計頁（2025-06-06）');
      expect(f.source).toMatch(/^hk\/hk-peers-compiled-2026（https:\/\/example\.org\/peer）；股價取自統計頁（2025-06-06）$/);
    });

    it('is checked like a constituent: a share count that disagrees with its market cap leaves it without figures', () => {
      const wrong = readCompiled({ periods: PERIODS.split('\n')[0]!, snapshot: PEER.replace('1200,100,8', '1200,60,8'), balance: '' }).get(
        '8888.HK',
      )!;
      const sut = buildCompany(wrong, null, pagePrice(wrong), fx, COMPILED_FOLDER.peers)!;
      expect(sut.figures).toBeNull();
      expect(sut.check.reason).toContain('相差 40.0%');
    });

    it('is not used without a dated price', () => {
      const undated = readCompiled({ periods: '', snapshot: PEER.replace(',12,2025-06-06,', ',12,,'), balance: '' }).get('8888.HK')!;
      expect(pagePrice(undated)).toBeNull();
      expect(buildCompany(undated, null, pagePrice(undated), fx, COMPILED_FOLDER.peers)).toBeNull();
    });
  });
});

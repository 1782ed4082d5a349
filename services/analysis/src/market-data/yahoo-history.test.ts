import { dailyBars, regressOnIndex, weeklyCloses, yearRange, type DailyBar } from './yahoo-prices';
import { normalisedCashFlowOf, revenueGrowthOf } from '../report/valuation/cash-flow-history';
import { convertYear, fiscalYears, latestYearNote } from './yahoo-statements';

const at = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** Rows as yahoo-finance2's fundamentalsTimeSeries gives them (module "all", annual). */
const rows = [
  {
    date: at('2022-12-31'),
    TYPE: 'ALL',
    totalRevenue: 100,
    netIncome: 10,
    operatingCashFlow: 30,
    capitalExpenditure: -12,
    totalDebt: 50,
    cashAndCashEquivalents: 20,
  },
  { date: at('2024-12-31'), TYPE: 'ALL', totalRevenue: 130, netIncomeCommonStockholders: 14, netIncome: 15, freeCashFlow: 27 },
  { date: at('2023-12-31'), TYPE: 'ALL', totalRevenue: 120, netIncome: 12, freeCashFlow: 20, stockholdersEquity: 80 },
  // A stray balance-sheet date Yahoo sometimes carries: not a fiscal year.
  { date: at('2024-06-30'), TYPE: 'ALL', totalDebt: 55 },
];

describe('Yahoo statements as fiscal years', () => {
  it('orders the years, derives free cash flow from operating cash flow less capex, and keeps common shareholders’ income', () => {
    const years = fiscalYears(rows);
    expect(years.map((y) => y.end)).toEqual(['2022-12-31', '2023-12-31', '2024-12-31']);
    expect(years[0]).toMatchObject({ freeCashFlow: 30 - 12, capitalExpenditure: 12, totalDebt: 50, cash: 20, equity: null });
    expect(years[2]).toMatchObject({ netIncome: 14, freeCashFlow: 27, totalDebt: null });
  });

  it('leaves a figure the latest year lacks missing, and names it, instead of taking an older year’s', () => {
    const years = fiscalYears(rows);
    const note = latestYearNote(years)!;
    expect(note).toContain('截至 2024-12-31 的財政年度');
    expect(note).toContain('共取得 3 個財政年度：2022-12-31 至 2024-12-31');
    expect(note).toMatch(/該年度沒有EBITDA、經營現金流、資本開支、總債務、現金、股東權益、股數/);
  });

  it('converts every amount but the share count', () => {
    const [first] = fiscalYears(rows);
    expect(convertYear({ ...first!, shares: 7 }, 2)).toMatchObject({ revenue: 200, freeCashFlow: 36, shares: 7, ebitda: null });
    expect(convertYear(first!, null).revenue).toBeNull();
  });

  it('measures revenue growth between the first and last years with a revenue, only when both are positive and two years apart', () => {
    const { growth } = revenueGrowthOf(fiscalYears(rows));
    expect(growth!.rate).toBeCloseTo((130 / 100) ** (1 / 2) - 1, 12);
    expect(growth).toMatchObject({ from: '2022-12-31', to: '2024-12-31', years: 2 });
    expect(growth!.source).toContain('營業額由截至 2022-12-31 至截至 2024-12-31 的財政年度（2 年）');
    const shrunkToNothing = fiscalYears(rows.map((r) => (r.date.getUTCFullYear() === 2024 ? { ...r, totalRevenue: 0 } : r)));
    expect(revenueGrowthOf(shrunkToNothing)).toEqual({ growth: null, reason: expect.stringContaining('不為正數') });
    expect(revenueGrowthOf(fiscalYears(rows.slice(1, 3)))).toEqual({ growth: null, reason: expect.stringContaining('少於兩年') });
  });

  it('normalises free cash flow as the median margin of the years times the latest revenue, from three years on', () => {
    const years = fiscalYears(rows);
    const margins = [18 / 100, 20 / 120, 27 / 130].sort((a, b) => a - b);
    const { base } = normalisedCashFlowOf(years);
    expect(base!.margin).toBeCloseTo(margins[1]!, 12);
    expect(base!.amount).toBeCloseTo(margins[1]! * 130, 9);
    expect(base).toMatchObject({ latestRevenue: 130, latestFreeCashFlow: 27 });
    expect(base!.margins.map((m) => m.end)).toEqual(['2022-12-31', '2023-12-31', '2024-12-31']);
    // Two years are no cycle: the latest free cash flow stands, and the reason says so.
    expect(normalisedCashFlowOf(years.slice(1))).toEqual({ base: null, reason: expect.stringContaining('只有 2 個財政年度') });
    // A latest year without a cash-flow statement takes the typical margin of the years that have one.
    const fourYears = [...years, { ...years[2]!, end: '2025-12-31', revenue: 150, freeCashFlow: null }];
    const noLatestCashFlow = normalisedCashFlowOf(fourYears).base!;
    expect(noLatestCashFlow.amount).toBeCloseTo(margins[1]! * 150, 9);
    expect(noLatestCashFlow).toMatchObject({ latestRevenue: 150, latestFreeCashFlow: null });
    expect(noLatestCashFlow.source).toContain('截至 2025-12-31 的年度沒有自由現金流數據，最近有數據的 2024-12-31 年度');
    // …but only with three years that have both: two plus a latest year without cash flow are still no cycle.
    expect(normalisedCashFlowOf(fourYears.slice(1))).toEqual({ base: null, reason: expect.stringContaining('只有 2 個財政年度') });
    const noLatestRevenue = years.map((y, i) => (i === 2 ? { ...y, revenue: null } : y));
    expect(normalisedCashFlowOf(noLatestRevenue)).toEqual({ base: null, reason: expect.stringContaining('最新財政年度沒有營業額') });
  });
});

/** A bar a weekday from `start`, closing at `close(i)`. */
function days(start: string, count: number, close: (i: number) => number): DailyBar[] {
  const out: DailyBar[] = [];
  const d = at(start);
  for (let i = 0; out.length < count; i++) {
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6)
      out.push({ date: d.toISOString().slice(0, 10), close: close(out.length), high: null, low: null });
    d.setUTCDate(d.getUTCDate() + 1);
  }
  return out;
}

describe('Yahoo daily prices', () => {
  it('dates each bar in the exchange’s time zone and prefers the adjusted close', () => {
    const bars = dailyBars({
      meta: { gmtoffset: 28800 },
      quotes: [
        { date: new Date('2025-07-17T01:30:00Z'), close: 10, adjclose: 9.5, high: 11, low: 9 },
        { date: new Date('2025-07-17T17:00:00Z'), close: null, adjclose: null, high: null, low: null },
        { date: new Date('2025-07-17T17:00:00Z'), close: 12, high: null, low: null },
      ],
    });
    expect(bars).toEqual([
      { date: '2025-07-17', close: 9.5, high: 11, low: 9 },
      { date: '2025-07-18', close: 12, high: null, low: null },
    ]);
  });

  it('finds the β it was built with: a stock moving twice the index has β 2 and no error', () => {
    const index = days('2024-01-01', 300, (i) => 100 * Math.exp(0.01 * Math.sin(i)));
    const stock = index.map((b) => ({ ...b, close: 50 * (b.close / 100) ** 2 }));
    const stats = regressOnIndex(stock, index, '測試指數')!;
    expect(stats.betaRaw).toBeCloseTo(2, 10);
    expect(stats.betaSe).toBeCloseTo(0, 6);
    expect(stats.betaBlume).toBeCloseTo(0.67 * 2 + 0.33, 4);
    expect(stats.observations).toBe(299);
    expect(stats).toMatchObject({ from: index[0]!.date, to: index.at(-1)!.date, market: '測試指數' });
  });

  it('gives no β over fewer than 60 common days', () => {
    const index = days('2024-01-01', 300, (i) => 100 + Math.sin(i));
    expect(regressOnIndex(index.slice(0, 60), index, 'x')).toBeNull();
    expect(regressOnIndex(index.slice(0, 61), index, 'x')).not.toBeNull();
  });

  it('keeps the last close of each week', () => {
    const bars = days('2025-01-06', 10, (i) => i + 1); // Mon 6 Jan to Fri 17 Jan
    expect(weeklyCloses(bars)).toEqual([
      { date: '2025-01-10', close: 5 },
      { date: '2025-01-17', close: 10 },
    ]);
  });

  it('takes the 52-week range from the bars only when they reach within a week of the quote', () => {
    const bars = days('2024-01-01', 400, (i) => 100 + i).map((b, i) => ({ ...b, high: b.close + 1, low: i === 399 ? 1 : b.close - 1 }));
    const last = bars.at(-1)!.date;
    const inYear = bars.filter((b) => Date.parse(b.date) > Date.parse(last) - 365 * 86_400_000);
    expect(yearRange(bars, last)).toEqual({ high: Math.max(...inYear.map((b) => b.high)), low: 1 });
    const eightDaysLater = new Date(Date.parse(last) + 8 * 86_400_000).toISOString().slice(0, 10);
    expect(yearRange(bars, eightDaysLater)).toBeNull();
    expect(yearRange([], last)).toBeNull();
  });
});

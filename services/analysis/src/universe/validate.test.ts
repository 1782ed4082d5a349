import { parseFxTable } from './fx';
import { resolveFigure } from './sources/hk-compiled';
import { type CheckInput, type CheckedPeriod, validateCompany } from './validate';

/** Crafted rows: a sound company, then one bad row for each rule. */
const fx = parseFxTable(
  ['date,currency,cny_per_100,source', '2025-09-01,HKD,91.18,https://example.org/a', '2025-09-01,USD,710.3,https://example.org/a'].join(
    '\n',
  ),
);

const period = (over: Partial<CheckedPeriod> = {}): CheckedPeriod => ({
  label: 'FY2024',
  end: '2024-12-31',
  currency: 'CNY',
  netIncome: 10_000,
  eps: 1,
  shares: 10_000,
  ...over,
});

const sound = (over: Partial<CheckInput> = {}): CheckInput => ({
  symbol: '9999.HK',
  priceCurrency: 'HKD',
  priceDate: '2026-10-09',
  quote: {
    tradingCurrency: 'HKD',
    reportingCurrency: 'CNY',
    price: 10,
    marketCap: 100_000,
    shares: [{ value: 10_000, label: '統計頁' }],
  },
  periods: [period({ label: 'FY2023', end: '2023-12-31' }), period()],
  fx,
  ...over,
});

const outcome = (input: CheckInput, rule: string) =>
  validateCompany(input)
    .checks.filter((c) => c.rule === rule)
    .map((c) => c.outcome);

describe('validateCompany', () => {
  it('passes a company whose figures agree, converting the reporting currency at the dated rate', () => {
    const result = validateCompany(sound());
    expect(result).toMatchObject({ passed: true, reason: null, shares: { value: 10_000 } });
    expect(result.checks.find((c) => c.rule === 'currency')?.detail).toContain('2025-09-01');
    expect(result.checks.map((c) => c.outcome)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
  });

  it('fails a quote in another currency than the prices', () => {
    const input = sound();
    input.quote!.tradingCurrency = 'USD';
    expect(outcome(input, 'currency')).toEqual(['fail']);
    expect(validateCompany(input).reason).toContain('交易貨幣為 USD');
  });

  it('fails a period stated in another currency than the company reports in', () => {
    const input = sound({ periods: [period({ label: 'FY2023', end: '2023-12-31', currency: 'HKD' }), period()] });
    expect(outcome(input, 'currency')).toEqual(['fail']);
    expect(validateCompany(input).reason).toContain('FY2023（HKD）');
  });

  it('fails a reporting currency the FX table cannot convert', () => {
    const input = sound({ periods: [period({ currency: 'EUR' })] });
    input.quote!.reportingCurrency = 'EUR';
    expect(outcome(input, 'currency')).toEqual(['fail']);
  });

  it('fails when the latest EPS is more than 5 % from net income ÷ shares, and only warns for an older year', () => {
    const latestOff = sound({ periods: [period({ label: 'FY2023', end: '2023-12-31' }), period({ eps: 1.06 })] });
    expect(outcome(latestOff, 'eps')).toEqual(['pass', 'fail']);
    expect(validateCompany(latestOff).passed).toBe(false);
    const olderOff = sound({ periods: [period({ label: 'FY2023', end: '2023-12-31', eps: 2 }), period()] });
    expect(outcome(olderOff, 'eps')).toEqual(['warn', 'pass']);
    expect(validateCompany(olderOff).passed).toBe(true);
    expect(outcome(sound({ periods: [period({ eps: 1.04 })] }), 'eps')).toEqual(['pass']);
  });

  it('fails when no share count agrees with the market cap, and takes the first that does', () => {
    const input = sound();
    input.quote!.shares = [{ value: 5_000, label: 'H 股' }];
    expect(outcome(input, 'market_cap')).toEqual(['fail']);
    expect(validateCompany(input).reason).toContain('相差 50.0%');

    const second = sound();
    second.quote!.shares = [
      { value: 5_000, label: 'H 股' },
      { value: 10_500, label: '年報' },
    ];
    const result = validateCompany(second);
    expect(result).toMatchObject({ passed: true, shares: { value: 10_500, label: '年報' } });
    expect(result.rejectedShares).toHaveLength(1);
    expect(result.rejectedShares[0]).toContain('H 股');
  });

  it('checks the share count of an issuer whose market cap adds other classes on its profit instead', () => {
    const allClasses = sound();
    // Market cap 150,000 counts the A shares at their own, higher price: 10 × 10,000 falls short of it.
    Object.assign(allClasses.quote!, { marketCap: 150_000, marketCapCoversOtherClasses: true, basis: { netIncome: 10_000, eps: 1.1 } });
    expect(outcome(allClasses, 'market_cap')).toEqual(['pass']);
    expect(validateCompany(allClasses).shares?.value).toBe(10_000);

    const hOnly = sound();
    Object.assign(hOnly.quote!, { marketCap: 150_000, marketCapCoversOtherClasses: true, basis: { netIncome: 40_000, eps: 1 } });
    expect(outcome(hOnly, 'market_cap')).toEqual(['fail']);
    expect(validateCompany(hOnly).reason).toContain('涵蓋其他股份類別');

    const tooMany = sound();
    Object.assign(tooMany.quote!, { marketCap: 50_000, marketCapCoversOtherClasses: true, basis: { netIncome: 10_000, eps: 1 } });
    expect(outcome(tooMany, 'market_cap')).toEqual(['fail']);
  });

  it('says, rather than fails, what it cannot check', () => {
    const input = sound({ periods: [period({ eps: null })] });
    input.quote!.marketCap = null;
    expect(outcome(input, 'eps')).toEqual(['not_checked']);
    expect(outcome(input, 'market_cap')).toEqual(['not_checked']);
    expect(validateCompany(input).passed).toBe(true);
  });

  it('fails a period without an end date', () => {
    const input = sound({ periods: [period({ label: 'TTM', end: null }), period()] });
    expect(outcome(input, 'period_end')).toEqual(['fail']);
    expect(validateCompany(input).reason).toContain('TTM 沒有結算日期');
    expect(outcome(sound({ periods: [period({ end: '2024-13-45' })] }), 'period_end')).toEqual(['fail']);
  });
});

describe('resolveFigure: the rule for pages that disagree', () => {
  const at = (value: number, stated: string, period: string | null, pageDate: string | null, label: string) => ({
    value,
    stated,
    period,
    pageDate,
    label,
  });

  it('takes the later period without calling it a disagreement', () => {
    const r = resolveFigure(
      '營業額',
      [at(100, 'CNY', '2023-12-31', '2026-03-01', 'FY2023'), at(120, 'CNY', '2024-12-31', '2025-04-01', 'FY2024')],
      'CNY',
    );
    expect(r).toMatchObject({ value: 120, conflicts: [] });
  });

  it('for the same period takes the reporting currency first, then the newest dated page, and notes the loser', () => {
    const converted = at(110, 'HKD', '2024-12-31', '2026-03-01', 'AASTOCKS');
    const reported = at(100, 'CNY', '2024-12-31', '2025-04-01', 'stockanalysis');
    const r = resolveFigure('淨利潤', [converted, reported], 'CNY');
    expect(r.chosen?.label).toBe('stockanalysis');
    expect(r.conflicts).toHaveLength(1);
    expect(r.conflicts[0]).toContain('未採用 AASTOCKS');

    const newer = at(105, 'CNY', '2024-12-31', '2026-01-10', 'newer page');
    const undated = at(99, 'CNY', '2024-12-31', null, 'undated page');
    expect(resolveFigure('淨利潤', [undated, reported, newer], 'CNY').chosen?.label).toBe('newer page');
  });

  it('does not note a loser within 2 %', () => {
    const r = resolveFigure(
      '現金',
      [at(100, 'CNY', '2024-12-31', '2026-01-01', 'a'), at(101, 'CNY', '2024-12-31', '2025-01-01', 'b')],
      'CNY',
    );
    expect(r.conflicts).toEqual([]);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../universe/csv';
import { industrialsMedians, steadyCompany } from '../fixtures';
import type { MarketData, SectorMedians } from '../../market-data/types';
import type { ValuationModel } from '../types';
import { CALL_THRESHOLDS, NO_PRICE_NOTE, recommendationFor, uncertaintyOf } from './blend';
import { NET_DEBT_UNKNOWN } from './dcf';
import { valuationModels } from './index';

const modelOf = (models: ValuationModel[], id: ValuationModel['id']) => models.find((m) => m.id === id) as ValuationModel;
/** Two days after the fixture's figures: a current price. */
const now = new Date('2026-11-22T08:00:00Z');
const machinery = parseCsv(
  readFileSync(path.join(__dirname, '..', '..', '..', 'data', 'valuation', 'damodaran-industries.csv'), 'utf8'),
).find((r) => r.region === 'US' && r.industry === 'Machinery') as Record<string, string>;

/** Ten years of flows from `base`: five at g0, then a linear fade to 2.5 %. */
function tenYears(base: number, g0: number): { flows: number[]; growth: number[] } {
  const growth = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((t) => (t <= 5 ? g0 : g0 - ((g0 - 0.025) * (t - 5)) / 5));
  const flows: number[] = [];
  let flow = base;
  for (const g of growth) {
    flow *= 1 + g;
    flows.push(flow);
  }
  return { flows, growth };
}

function fcffValue(fcf: number, g0: number, r: number, netDebt: number, shares: number): number {
  const { flows } = tenYears(fcf, g0);
  const present = flows.reduce((sum, f, i) => sum + f / (1 + r) ** (i + 1), 0);
  const terminal = ((flows[9] as number) * 1.025) / (r - 0.025) / (1 + r) ** 10;
  return (present + terminal - netDebt) / shares;
}

const median = (v: number[]) => {
  const s = [...v].sort((a, b) => a - b);
  const at = (s.length - 1) / 2;
  return ((s[Math.floor(at)] as number) + (s[Math.ceil(at)] as number)) / 2;
};

describe('valuationModels', () => {
  const sut = (data: MarketData, medians: SectorMedians | null = industrialsMedians, options = { now }) =>
    valuationModels({ data, medians, investorType: null }, options);

  describe('an operating business (FCFF DCF at the WACC, P/E and EV/EBITDA against named peers, DDM, Graham beside)', () => {
    const result = sut(steadyCompany());
    // No bundled price history for STDY: the quoted beta 1.2, Blume-adjusted.
    const beta = 0.67 * 1.2 + 0.33;
    const costOfEquity = 0.0458 + beta * 0.0433;
    const debtWeight = 10e9 / (10e9 + 85e9);
    const wacc = (1 - debtWeight) * costOfEquity + debtWeight * Number(machinery.cost_of_debt) * (1 - 0.25);

    it('discounts at a CAPM cost of equity from the stock beta and a WACC from its debt weight and the industry cost of debt', () => {
      expect(result.discountRate).toMatchObject({
        beta: Number(beta.toFixed(4)),
        riskFree: 0.0458,
        equityRiskPremium: 0.0433,
        countryRiskPremium: 0,
      });
      expect(result.discountRate?.costOfEquity).toBeCloseTo(costOfEquity, 4);
      expect(result.discountRate?.wacc).toBeCloseTo(wacc, 4);
      expect(result.discountRate?.betaSource).toContain('Blume');
      expect(result.discountRate?.premiumSource).toContain('Damodaran');
      expect(result.companyKind).toBe('general');
    });

    it('values the free cash flow to the firm over ten years plus a terminal value at the WACC, less net debt, with r ± 1 point as its range', () => {
      // g0 = ROE × retention = 25 % × 50 % = 12.5 %, below the machinery industry's expected growth
      expect(Number(machinery.expected_growth)).toBeGreaterThan(0.125);
      const r = Number(wacc.toFixed(4));
      const dcf = modelOf(result.models, 'dcf');
      expect(dcf.value).toBeCloseTo(fcffValue(6e9, 0.125, r, 6e9, 1e9), 1);
      expect(dcf.range?.low).toBeCloseTo(fcffValue(6e9, 0.125, r + 0.01, 6e9, 1e9), 1);
      expect(dcf.range?.high).toBeCloseTo(fcffValue(6e9, 0.125, r - 0.01, 6e9, 1e9), 1);
      expect(dcf.inputs).toMatchObject({ rateKind: '加權平均資本成本（WACC）', firstYearGrowth: 0.125 });
    });

    it('compares P/E and EV/EBITDA with the six same-industry peers, named with their multiples, never the airline', () => {
      const relative = modelOf(result.models, 'relative');
      const byPe = median([16, 18, 20, 22, 24, 30]) * 5;
      const byEv = (median([10, 11, 12, 13, 14, 15]) * 9e9 - 10e9 + 4e9) / 1e9;
      expect(relative.value).toBeCloseTo((byPe + byEv) / 2, 2);
      expect(relative.peers?.map((p) => p.multiple)).toEqual(['pe', 'ev_ebitda']);
      expect(relative.peers?.[0]?.peers.map((p) => p.symbol).sort()).toEqual(['PA', 'PB', 'PC', 'PD', 'PE', 'PF']);
      expect(relative.peers?.[0]).toMatchObject({ stock: 17, median: 21 });
    });

    it('leaves the dividend discount out while the company still grows faster than a steady payer (12.5 % > 8 %)', () => {
      expect(modelOf(result.models, 'dividend_discount')).toMatchObject({ skipped: true, weight: 0 });
      expect(modelOf(result.models, 'dividend_discount').reason).toContain('12.5%');
    });

    it('discounts the dividend of a steady payer with growth capped at 4 %', () => {
      // ROE 25 %, payout 80 %: sustainable growth 5 %
      const payer = sut(steadyCompany({ dividendPerShare: 4, dividendYield: 4 / 85 }));
      const r = Number(costOfEquity.toFixed(4));
      expect(modelOf(payer.models, 'dividend_discount').value).toBeCloseTo((4 * 1.04) / (r - 0.04), 2);
    });

    it('shows the Graham number beside the blend without weight', () => {
      const graham = modelOf(result.models, 'graham');
      expect(graham).toMatchObject({ role: 'screen', weight: 0, value: 47.43 });
      const blended = result.models.filter((m) => m.weight > 0).map((m) => m.id);
      expect(blended).toEqual(['dcf', 'relative']);
      const fair = result.models.reduce((s, m) => s + (m.weight > 0 ? (m.value as number) * m.weight : 0), 0);
      expect(result.fairValue).toBeCloseTo(fair, 1);
      expect(result.range?.low).toBeLessThan(result.fairValue as number);
      expect(result.range?.high).toBeGreaterThan(result.fairValue as number);
    });

    it('takes the call from the upside against the thresholds of its uncertainty', () => {
      const expected = recommendationFor(result.upside as number, result.uncertainty!, false);
      expect(result.recommendation).toBe(expected);
      expect(result.upside).toBeCloseTo(((result.fairValue as number) / 85 - 1) * 100, 1);
    });
  });

  it('values a bank by residual income (justified P/B) and P/E and P/B against peers, never by a cash-flow DCF or EV/EBITDA', () => {
    const bank = steadyCompany({ sector: 'Financials', industry: 'Diversified Banks', freeCashFlow: -3e9, ebitda: null });
    const banks = {
      ...industrialsMedians,
      sector: 'Financials',
      peers: industrialsMedians.peers!.map((p) => ({ ...p, industry: 'Regional Banks' })),
    };
    const result = sut(bank, banks);
    expect(result.companyKind).toBe('bank');
    expect(result.models.map((m) => m.id)).toEqual(['residual_income', 'relative', 'dividend_discount', 'graham']);
    const r = result.discountRate!.costOfEquity;
    const g = 0.03; // sustainable 12.5 %, capped at 3 %
    expect(modelOf(result.models, 'residual_income').value).toBeCloseTo((20 * (0.25 - g)) / (r - g), 2);
    // Regional and diversified banks are one family: P/E and P/B of all seven peers, equally weighted
    const relative = modelOf(result.models, 'relative');
    expect(relative.value).toBeCloseTo((median([16, 18, 20, 22, 24, 30, 60]) * 5 + median([3, 3.5, 4, 4.5, 5, 6, 20]) * 20) / 2, 2);
    expect(relative.peers?.map((p) => p.multiple)).toEqual(['pe', 'pb']);
  });

  it('values a loss-maker by EV/Sales against peers and checks the price with a reverse DCF; no P/E, DDM or Graham', () => {
    const loser = steadyCompany({ eps: -1, netIncome: -1e9, freeCashFlow: -2e9, dividendPerShare: 0, dividendYield: 0 });
    const result = sut(loser);
    expect(result.companyKind).toBe('loss_maker');
    const evSales = modelOf(result.models, 'ev_sales');
    expect(evSales.value).toBeCloseTo((median([2, 2.5, 3, 3.5, 4, 5].map((x) => x * 1.1)) * 25e9 - 10e9 + 4e9) / 1e9, 2);
    const reverse = modelOf(result.models, 'reverse_dcf');
    const r = result.discountRate!.costOfEquity;
    const margin = Number(machinery.net_margin);
    const implied = ((85e9 * (1 + r) ** 10 * (r - 0.025)) / (25e9 * margin * 1.025)) ** (1 / 10) - 1;
    expect(reverse).toMatchObject({ role: 'check', weight: 0, value: null });
    expect(reverse.inputs.impliedRevenueGrowth).toBeCloseTo(implied, 4);
    expect(result.models.filter((m) => m.weight > 0).map((m) => m.id)).toEqual(['ev_sales']);
    expect(['high', 'very_high']).toContain(result.uncertainty);
    expect(result.recommendation).not.toMatch(/^strong_/);
  });

  it('subtracts net debt only when both debt and cash are known, and says so', () => {
    const dcf = modelOf(sut(steadyCompany({ cash: null })).models, 'dcf');
    expect(dcf.inputs).toMatchObject({ netDebt: null, netDebtNote: NET_DEBT_UNKNOWN });
  });

  describe('gives no call (unrated) with the reason', () => {
    it('without a price', () => {
      const result = sut(steadyCompany({ price: null }));
      expect(result).toMatchObject({ recommendation: 'unrated', recommendationNote: NO_PRICE_NOTE, upside: null, targetPrice: null });
    });
    it('when the price is older than PRICE_STALE_DAYS', () => {
      const result = sut(steadyCompany(), industrialsMedians, { now: new Date('2027-06-01T00:00:00Z') });
      expect(result.recommendation).toBe('unrated');
      expect(result.recommendationNote).toContain('2026-11-20');
      // the same figures with a longer allowance are rated
      const allowed = valuationModels(
        { data: steadyCompany(), medians: industrialsMedians, investorType: null },
        { now: new Date('2027-06-01'), priceStaleDays: 400 },
      );
      expect(allowed.recommendation).not.toBe('unrated');
    });
    it('when the fair value is more than 3× the price', () => {
      const result = sut(steadyCompany({ price: 20, marketCap: 20e9, peRatio: 4 }));
      expect(result.fairValue! / 20).toBeGreaterThan(3);
      expect(result.recommendation).toBe('unrated');
      expect(result.recommendationNote).toContain('1/3 至 3 倍');
    });
  });

  it('rates the risk unknown, never low, when price risk and earnings are unknown', () => {
    const result = sut(steadyCompany({ beta: null, eps: null, netIncome: null }), null);
    expect(result.riskLevel).toBe('unknown');
    expect(result.riskAssessment?.find((f) => f.id === 'volatility')).toMatchObject({ level: 'unknown' });
  });

  it('rates a loss-maker with high leverage high risk, each factor with its figure', () => {
    const result = sut(steadyCompany({ eps: -1, netIncome: -1e9, freeCashFlow: -1e9, totalDebt: 60e9, cash: 1e9, beta: 1.6 }));
    expect(result.riskLevel).toBe('high');
    expect(result.riskAssessment?.map((f) => [f.id, f.level])).toEqual([
      ['volatility', 'high'],
      ['leverage', 'high'],
      ['earnings', 'high'],
      ['valuation_uncertainty', 'high'],
    ]);
  });
});

describe('recommendationFor', () => {
  it('asks a wider margin of safety the more uncertain the value, and never a strong call at very high uncertainty or for a loss-maker', () => {
    expect(recommendationFor(CALL_THRESHOLDS.low.buy, 'low', false)).toBe('buy');
    expect(recommendationFor(CALL_THRESHOLDS.low.buy, 'high', false)).toBe('hold');
    expect(recommendationFor(25, 'low', false)).toBe('strong_buy');
    expect(recommendationFor(25, 'low', true)).toBe('buy');
    expect(recommendationFor(90, 'very_high', false)).toBe('buy');
    expect(recommendationFor(-15, 'medium', false)).toBe('sell');
    expect(recommendationFor(-35, 'medium', false)).toBe('strong_sell');
    expect(recommendationFor(-14.9, 'medium', false)).toBe('hold');
  });
});

describe('a heavily borrowing company whose debt is unknown', () => {
  const table = parseCsv(readFileSync(path.join(__dirname, '..', '..', '..', 'data', 'valuation', 'damodaran-industries.csv'), 'utf8'));
  const telecoms = table.find((r) => r.region === 'US' && r.industry === 'Telecom. Services') as Record<string, string>;
  /** The fixture as a US telecom priced far below its value, the way the bundled S&P rows come: no debt, no cash. */
  const telecom = (overrides: Partial<MarketData> = {}) =>
    steadyCompany({
      sector: 'Communication Services',
      industry: 'Integrated Telecommunication Services',
      price: 50,
      marketCap: 50e9,
      peRatio: 10,
      totalDebt: null,
      cash: null,
      ...overrides,
    });

  it('takes a step more uncertainty, gives no strong call and says why, with the industry figures', () => {
    const known = valuationModels(
      { data: telecom({ totalDebt: 10e9, cash: 4e9 }), medians: industrialsMedians, investorType: null },
      { now },
    );
    const sut = valuationModels({ data: telecom(), medians: industrialsMedians, investorType: null }, { now });
    expect(Number(telecoms.debt_weight)).toBeGreaterThanOrEqual(0.32);
    expect(known.recommendationNote ?? '').not.toContain('總債務不詳');
    expect(sut.upside).toBeGreaterThan(CALL_THRESHOLDS.very_high.buy);
    expect(['buy', 'hold']).toContain(sut.recommendation);
    // one step more than the same inputs with the debt known
    const inputs = {
      range: { low: 95, base: 100, high: 105 },
      models: [],
      completeness: 1,
      priceAgeDays: 2,
      lossMaker: false,
      extremeImpliedGrowth: false,
    };
    expect(uncertaintyOf(inputs).level).toBe('low');
    expect(uncertaintyOf({ ...inputs, unverifiedLeverage: '債務不詳' })).toEqual({
      level: 'medium',
      reasons: expect.arrayContaining(['債務不詳']),
    });
    expect(sut.recommendationNote).toContain(`平均債務佔資本 ${Math.round(Number(telecoms.debt_weight) * 100)}%`);
    expect(sut.recommendationNote).toContain('不作「強烈」評級');
    const leverage = sut.riskAssessment?.find((f) => f.id === 'leverage');
    expect(leverage).toMatchObject({ level: 'medium', value: Math.round(Number(telecoms.de_ratio) * 100) / 100 });
    expect(leverage?.text).toContain('以所屬行業平均債務對股東權益比率');
  });

  it('changes nothing where the industry borrows little: the leverage stays unknown, never low', () => {
    const sut = valuationModels(
      { data: steadyCompany({ totalDebt: null, cash: null }), medians: industrialsMedians, investorType: null },
      { now },
    );
    expect(Number(machinery.debt_weight)).toBeLessThan(0.32);
    expect(sut.recommendationNote ?? '').not.toContain('總債務不詳');
    expect(sut.riskAssessment?.find((f) => f.id === 'leverage')?.level).toBe('unknown');
  });
});

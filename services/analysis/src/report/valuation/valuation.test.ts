import { industrialsMedians, steadyCompany } from '../fixtures';
import type { ValuationModel } from '../types';
import { discountRate } from './assumptions';
import { recommendationFor } from './blend';
import { NET_DEBT_UNKNOWN } from './dcf';
import { NO_PRICE_NOTE, valuationModels } from './index';
import { EV_NET_DEBT_UNKNOWN } from './multiples';

const modelOf = (models: ValuationModel[], id: ValuationModel['id']) => models.find((m) => m.id === id) as ValuationModel;

/** Ten years of flows from `base`: five at 12.5 %, then 10.5, 8.5, 6.5, 4.5, 2.5 % (the fade to 2.5 % over five years). */
function tenYears(base: number): number[] {
  const growth = [0.125, 0.125, 0.125, 0.125, 0.125, 0.105, 0.085, 0.065, 0.045, 0.025];
  const flows: number[] = [];
  let flow = base;
  for (const g of growth) {
    flow = flow * (1 + g);
    flows.push(flow);
  }
  return flows;
}

describe('valuationModels', () => {
  const sut = valuationModels;

  describe('on a profitable dividend payer with sector medians (every model applies)', () => {
    const result = sut({ data: steadyCompany(), medians: industrialsMedians, investorType: null });

    it('discounts at the CAPM rate: 4.3 % + 1.2 × 5 % = 10.3 %', () => {
      expect(discountRate({ market: 'US', beta: 1.2 }).rate).toBeCloseTo(0.103, 10);
      expect(modelOf(result.models, 'dcf').inputs.discountRate).toBe(0.103);
    });

    it('values the free cash flow over ten years (five at g0, five fading) plus a terminal value, less net debt', () => {
      // g0 = ROE × retention = (5e9 / 20e9) × (1 − 2.5 / 5) = 25 % × 50 % = 12.5 %; the fade loses 2 points a year.
      const flows = tenYears(6e9); // 6.75e9, 7.59e9, …, year 10 ≈ 16.90e9
      const present = flows.reduce((sum, f, i) => sum + f / 1.103 ** (i + 1), 0); // ≈ 62.82e9
      const terminal = ((flows[9] as number) * 1.025) / (0.103 - 0.025) / 1.103 ** 10; // ≈ 72.91e9
      const perShare = (present + terminal - 10e9 + 4e9) / 1e9; // ≈ 129.73
      const dcf = modelOf(result.models, 'dcf');
      expect(dcf.skipped).toBe(false);
      expect(dcf.value).toBeCloseTo(perShare, 2);
      expect(dcf.value).toBe(129.73);
      expect(dcf.inputs).toMatchObject({ base: '自由現金流', firstYearGrowth: 0.125, terminalGrowth: 0.025, explicitYears: 10 });
    });

    it('values at the sector medians: P/E and EV/EBITDA count twice, P/B once', () => {
      const byPe = 20 * 5; // 100
      const byEv = (12 * 9e9 - 10e9 + 4e9) / 1e9; // 102
      const byPb = 4 * 20; // 80
      expect(modelOf(result.models, 'relative').value).toBe((2 * byPe + 2 * byEv + byPb) / 5); // 96.8
    });

    it('discounts the dividend with Gordon growth capped at 4 %', () => {
      // g = min(12.5 %, 4 %) = 4 %; 2.5 × 1.04 / (0.103 − 0.04) = 2.6 / 0.063 = 41.269…
      expect(modelOf(result.models, 'dividend_discount').value).toBe(41.27);
    });

    it('computes the Graham number √(22.5 × EPS × BVPS)', () => {
      // √(22.5 × 5 × 20) = √2250 = 47.434…
      expect(modelOf(result.models, 'graham').value).toBe(47.43);
    });

    it('blends with weights 35/30/15/10 (rescaled to sum 1) into fair value, upside, target and recommendation', () => {
      // 0.35 / 0.9, 0.3 / 0.9, 0.15 / 0.9, 0.1 / 0.9 to the 4 decimals the report shows (and blends with)
      const weights = [0.3889, 0.3333, 0.1667, 0.1111];
      const fair = weights[0]! * 129.73 + weights[1]! * 96.8 + weights[2]! * 41.27 + weights[3]! * 47.43; // 94.864
      expect(result.models.map((m) => m.weight)).toEqual([0.3889, 0.3333, 0.1667, 0.1111]);
      expect(result.fairValue).toBe(94.86);
      expect(result.fairValue).toBeCloseTo(fair, 2);
      expect(result.upside).toBe(11.6); // (94.86 / 85 − 1) × 100 = 11.60
      expect(result.recommendation).toBe('buy'); // 10 % ≤ upside < 25 %
      expect(result.method).toBe('DCF、相對估值、股息折現、格雷厄姆數');
    });

    it('derives confidence from agreement (1 − weighted CV) and completeness', () => {
      const values = [129.73, 96.8, 41.27, 47.43];
      const weights = [0.3889, 0.3333, 0.1667, 0.1111];
      const mean = values.reduce((s, v, i) => s + v * weights[i]!, 0); // the weights sum to 1
      const sd = Math.sqrt(values.reduce((s, v, i) => s + weights[i]! * (v - mean) ** 2, 0)); // ≈ 34.68
      const agreement = 1 - sd / mean; // ≈ 0.634
      const completeness = 12 / 12; // every input known, medians too
      expect(result.confidence).toBe(Math.round(100 * (0.6 * agreement + 0.4 * completeness))); // 78
      expect(result.confidence).toBe(78);
      // target = price + (fair − price) × confidence = 85 + 9.86 × 0.78 = 92.6908
      expect(result.targetPrice).toBe(92.69);
    });

    it('rates the risk low: beta 1.2, debt/equity 0.5, profitable, large', () => {
      expect(result.riskLevel).toBe('low');
      expect(result.riskFactors).toEqual([]);
      expect(result.currency).toBe('USD');
    });
  });

  /**
   * Earnings pay for their growth: year t keeps 1 − gₜ ÷ ROE of them (ROE 25 %), the terminal
   * year 1 − 2.5 % ÷ 25 % = 0.9. Discounting whole earnings while growing them (the old
   * 113.11) counted the growth twice.
   */
  function earningsValue(base: number): number {
    const flows = tenYears(base);
    const kept = [0.5, 0.5, 0.5, 0.5, 0.5, 0.58, 0.66, 0.74, 0.82, 0.9]; // 1 − 0.125 / 0.25, …, 1 − 0.025 / 0.25
    const present = flows.reduce((sum, f, i) => sum + (f * kept[i]!) / 1.103 ** (i + 1), 0); // ≈ 38.74e9
    const terminal = ((flows[9] as number) * 1.025 * 0.9) / (0.103 - 0.025) / 1.103 ** 10; // ≈ 48.13e9
    return present + terminal;
  }

  it('falls back to DCF on earnings, net of the reinvestment that pays for the growth (no debt adjustment)', () => {
    const result = sut({ data: steadyCompany({ freeCashFlow: null }), medians: industrialsMedians, investorType: null });
    const dcf = modelOf(result.models, 'dcf');
    expect(dcf.name).toContain('盈利');
    expect(dcf.value).toBeCloseTo(earningsValue(5e9) / 1e9, 2);
    expect(dcf.value).toBe(86.87);
    expect(dcf.inputs).toMatchObject({ base: '純利', baseAmount: 5e9, reinvestmentRoe: 0.25 });
    // Earnings weigh 0.3 instead of 0.35: 0.3 / 0.85, 0.3 / 0.85, 0.15 / 0.85, 0.1 / 0.85
    expect(result.models.map((m) => m.weight)).toEqual([0.3529, 0.3529, 0.1765, 0.1176]);
  });

  it('takes the discount rate as the return on reinvested earnings when the ROE is unknown', () => {
    // No book value: ROE unknown, growth the default 5 % (fading to 2.5 %), reinvestment at r = 10.3 %.
    const result = sut({ data: steadyCompany({ freeCashFlow: null, bookValuePerShare: null }), medians: null, investorType: null });
    const growth = [0.05, 0.05, 0.05, 0.05, 0.05, 0.045, 0.04, 0.035, 0.03, 0.025];
    let flow = 5e9;
    let present = 0;
    growth.forEach((g, i) => {
      flow *= 1 + g;
      present += (flow * (1 - g / 0.103)) / 1.103 ** (i + 1);
    });
    const terminal = (flow * 1.025 * (1 - 0.025 / 0.103)) / 0.078 / 1.103 ** 10;
    expect(modelOf(result.models, 'dcf').value).toBeCloseTo((present + terminal) / 1e9, 2);
    expect(modelOf(result.models, 'dcf').inputs.roeSource).toBe('以折現率代替（ROE 不詳或過低）');
  });

  it('subtracts net debt from the free-cash-flow value only when both debt and cash are known', () => {
    const flows = tenYears(6e9);
    const enterprise = flows.reduce((sum, f, i) => sum + f / 1.103 ** (i + 1), 0) + ((flows[9] as number) * 1.025) / 0.078 / 1.103 ** 10;
    for (const blank of [{ totalDebt: null }, { cash: null }]) {
      const dcf = modelOf(sut({ data: steadyCompany(blank), medians: null, investorType: null }).models, 'dcf');
      expect(dcf.value).toBeCloseTo(enterprise / 1e9, 2); // ≈ 135.73: no adjustment, not "− 0 + 4e9"
      expect(dcf.inputs).toMatchObject({ netDebt: null, netDebtNote: NET_DEBT_UNKNOWN });
    }
    // A blank debt is not zero debt for EV/EBITDA either: that multiple drops out, with a note.
    const relative = modelOf(
      sut({ data: steadyCompany({ totalDebt: null }), medians: industrialsMedians, investorType: null }).models,
      'relative',
    );
    expect(relative.value).toBe(93.33); // (2 × P/E 100 + P/B 80) / 3
    expect(relative.inputs).toMatchObject({ evToEbitdaNote: EV_NET_DEBT_UNKNOWN });
    expect(relative.inputs.byEvToEbitda).toBeUndefined();
  });

  it('discounts EPS × shares when the source has per-share figures only, and banks always on earnings', () => {
    const perShare = sut({ data: steadyCompany({ freeCashFlow: null, netIncome: null }), medians: null, investorType: null });
    // EPS 5 × 1e9 shares; ROE = EPS / BVPS = 25 %, so g0 is still 12.5 % and the value the same as on net income
    expect(modelOf(perShare.models, 'dcf')).toMatchObject({ inputs: expect.objectContaining({ base: '每股盈利 × 流通股數' }) });
    expect(modelOf(perShare.models, 'dcf').value).toBeCloseTo(earningsValue(5 * 1e9) / 1e9, 2);

    const bank = sut({
      data: steadyCompany({ sector: 'Financial Services' }),
      medians: { ...industrialsMedians, sector: 'Financial Services' },
      investorType: null,
    });
    expect(modelOf(bank.models, 'dcf').inputs.base).toBe('純利');
    // EV/EBITDA does not count for a bank: (P/E 100 + P/B 80) / 2
    expect(modelOf(bank.models, 'relative').value).toBe(90);
  });

  it('uses a peer multiple only when at least three peers have a positive value of it', () => {
    // Two peers with a P/E: only EV/EBITDA (×2, 102) and P/B (×1, 80) remain: (204 + 80) / 3 = 94.67
    const fewPe = sut({ data: steadyCompany(), medians: { ...industrialsMedians, peCount: 2 }, investorType: null });
    expect(modelOf(fewPe.models, 'relative').value).toBe(94.67);
    // The bundled data never has an EV/EBITDA median: P/E (×2, 100) and P/B (×1, 80) → 93.33
    const noEv = sut({
      data: steadyCompany(),
      medians: { ...industrialsMedians, evToEbitda: null, evToEbitdaCount: 0 },
      investorType: null,
    });
    expect(modelOf(noEv.models, 'relative').value).toBe(93.33);
  });

  it('skips each model with a reason in Chinese when its inputs are missing or meaningless', () => {
    const loss = steadyCompany({ eps: -1.2, netIncome: -1.2e9, freeCashFlow: null, dividendPerShare: 0, dividendYield: 0, peRatio: null });
    const result = sut({ data: loss, medians: industrialsMedians, investorType: null });
    expect(modelOf(result.models, 'dcf')).toMatchObject({
      skipped: true,
      value: null,
      weight: 0,
      reason: '公司錄得虧損，未能以盈利折現估值',
    });
    expect(modelOf(result.models, 'graham')).toMatchObject({ skipped: true, reason: '每股盈利為負數或零，格雷厄姆數不適用' });
    expect(modelOf(result.models, 'dividend_discount')).toMatchObject({ skipped: true, reason: '公司沒有派發股息' });
    // P/E does not apply to losses; EV/EBITDA (×2) and P/B (×1) still do: (2 × 102 + 80) / 3 = 94.67
    expect(modelOf(result.models, 'relative')).toMatchObject({ skipped: false, value: 94.67, weight: 1 });
    expect(result.method).toBe('相對估值');
    expect(result.riskLevel).toBe('medium'); // losses: 2 points
    expect(result.riskFactors).toContain('公司正錄得虧損');

    const noPeers = sut({
      data: steadyCompany(),
      medians: { ...industrialsMedians, count: 2, peCount: 2, evToEbitdaCount: 1, pbCount: 2 },
      investorType: null,
    });
    expect(modelOf(noPeers.models, 'relative').reason).toBe('同業板塊樣本不足，沒有可比較的中位數倍數');
    const negativeCash = sut({ data: steadyCompany({ freeCashFlow: -1e9 }), medians: null, investorType: null });
    expect(modelOf(negativeCash.models, 'dcf').reason).toBe('自由現金流為負數，折現後沒有意義');
    const noShares = sut({ data: steadyCompany({ sharesOutstanding: null }), medians: null, investorType: null });
    expect(modelOf(noShares.models, 'dcf').reason).toBe('缺少流通股數，無法把公司價值換算為每股價值');
    const paysTooMuch = sut({ data: steadyCompany({ dividendPerShare: 6 }), medians: null, investorType: null });
    expect(modelOf(paysTooMuch.models, 'dividend_discount').reason).toBe('派息高於每股盈利，股息難以持續');
    const smallYield = sut({ data: steadyCompany({ dividendPerShare: 0.5, dividendYield: 0.5 / 85 }), medians: null, investorType: null });
    expect(modelOf(smallYield.models, 'dividend_discount').reason).toBe('股息率低於 1%，股息並非估值的主要來源');
  });

  it('keeps a single model at 40 % confidence or less: nothing confirms it', () => {
    const loss = steadyCompany({ eps: -1.2, netIncome: -1.2e9, freeCashFlow: null, dividendPerShare: 0, dividendYield: 0, peRatio: null });
    const result = sut({ data: loss, medians: industrialsMedians, investorType: null });
    expect(result.method).toBe('相對估值');
    // agreement 0; completeness 11 of 12 (no free cash flow): 0.4 × 11 / 12 = 36.7 %
    expect(result.confidence).toBe(37);
    expect(result.upside).toBe(11.4); // 94.67 / 85
  });

  it('sets aside a model more than 10 times off the price as inconsistent data', () => {
    // EBITDA in the wrong unit (a thousand times too large) makes EV/EBITDA value the stock in the thousands.
    const result = sut({
      data: steadyCompany({ price: 0.9, ebitda: 9e12, freeCashFlow: null, netIncome: null, eps: null }),
      medians: industrialsMedians,
      investorType: null,
    });
    const relative = modelOf(result.models, 'relative');
    expect(relative).toMatchObject({ skipped: true, value: null, weight: 0 });
    expect(relative.reason).toMatch(/^估值 [\d.]+ 與股價 0.9 相差超過 10 倍，相關數據可能不一致，不予採用$/);
    expect(result.fairValue).toBeNull();
  });

  it('gives no target, no upside and only "hold" with a reason when there is no price', () => {
    for (const price of [null, 0]) {
      const result = sut({ data: steadyCompany({ price }), medians: industrialsMedians, investorType: null });
      expect(result.fairValue).toBe(94.86); // the models need no price (the dividend yield is the source's)
      expect(result).toMatchObject({ targetPrice: null, upside: null, recommendation: 'hold', recommendationNote: NO_PRICE_NOTE });
      // Nothing to check the models against: 78 % capped at 40 %.
      expect(result.confidence).toBe(40);
    }
    expect(sut({ data: steadyCompany(), medians: industrialsMedians, investorType: null }).recommendationNote).toBeUndefined();
  });

  it('gives no fair value, hold and 0 % confidence when no model applies', () => {
    const empty = steadyCompany({
      eps: null,
      netIncome: null,
      freeCashFlow: null,
      bookValuePerShare: null,
      dividendPerShare: null,
      ebitda: null,
    });
    const result = sut({ data: empty, medians: null, investorType: null });
    expect(result.models.every((m) => m.skipped && m.reason)).toBe(true);
    expect(result).toMatchObject({
      fairValue: null,
      targetPrice: null,
      upside: null,
      recommendation: 'hold',
      confidence: 0,
      method: '沒有適用的估值模型',
    });
  });

  it('uses beta 1 for a HK stock without beta, and bounds an extreme beta', () => {
    expect(discountRate({ market: 'HK', beta: null })).toMatchObject({ beta: 1, betaSource: 'default' });
    expect(discountRate({ market: 'HK', beta: null }).rate).toBeCloseTo(0.038 + 0.06, 10);
    expect(discountRate({ market: 'US', beta: 3.4 }).rate).toBeCloseTo(0.043 + 2 * 0.05, 10);
  });

  it('rates the risk high for a levered, volatile, loss-making stock', () => {
    const result = sut({
      data: steadyCompany({ beta: 1.9, totalDebt: 50e9, netIncome: -1e9, eps: -1 }),
      medians: null,
      investorType: null,
    });
    expect(result.riskLevel).toBe('high');
    expect(result.riskFactors).toHaveLength(3);
  });
});

describe('recommendationFor', () => {
  it('follows the documented upside thresholds and softens strong calls under 40 % confidence', () => {
    expect(recommendationFor(25, 80)).toBe('strong_buy');
    expect(recommendationFor(25, 39)).toBe('buy');
    expect(recommendationFor(10, 80)).toBe('buy');
    expect(recommendationFor(9.9, 80)).toBe('hold');
    expect(recommendationFor(-9.9, 80)).toBe('hold');
    expect(recommendationFor(-10, 80)).toBe('sell');
    expect(recommendationFor(-25, 80)).toBe('strong_sell');
    expect(recommendationFor(-25, 20)).toBe('sell');
    expect(recommendationFor(null, 80)).toBe('hold');
  });
});

import { builtInAnalyst } from '../analyst';
import { assessBusiness } from './business';
import { industrialsMedians, steadyCompany } from './fixtures';
import { adviseInvestors, positionSize, stockRange } from './suggestions';
import type { ReportInput, ValuationResult } from './types';
import { valuationModels } from './valuation';

const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'STDY' };

async function adviceFor(input: ReportInput, valuation: ValuationResult = valuationModels(input)) {
  const business = await assessBusiness(input, valuation, builtInAnalyst(), ctx);
  return adviseInvestors(input, valuation, business);
}

describe('adviseInvestors', () => {
  const sut = adviceFor;

  it("puts the user's own type first and highlights only it", async () => {
    const input: ReportInput = { data: steadyCompany(), medians: industrialsMedians, investorType: 'growth' };
    const { userType, byInvestorType } = await sut(input);
    expect(userType).toBe('growth');
    expect(byInvestorType.map((a) => a.investorType)).toEqual(['growth', 'conservative', 'stable', 'aggressive']);
    expect(byInvestorType.map((a) => a.label)).toEqual(['成長型', '保守型', '穩健型', '進取型']);
    expect(byInvestorType.map((a) => a.highlighted)).toEqual([true, false, false, false]);
  });

  it('lists the types from the most cautious, none highlighted, when the user has no profile', async () => {
    const { userType, byInvestorType } = await sut({ data: steadyCompany(), medians: industrialsMedians, investorType: null });
    expect(userType).toBeNull();
    expect(byInvestorType.map((a) => a.investorType)).toEqual(['conservative', 'stable', 'growth', 'aggressive']);
    expect(byInvestorType.some((a) => a.highlighted)).toBe(false);
  });

  it("sizes each position inside its type's stock range, by the documented formula", async () => {
    // The fixture: buy, upside 11.6 %, low risk → f = 0.5 + 11.6 / 50 = 0.732.
    const { byInvestorType } = await sut({ data: steadyCompany(), medians: industrialsMedians, investorType: null });
    expect(byInvestorType.map((a) => a.positionSizePercent)).toEqual([
      Math.round(0 + 30 * 0.732), // 22
      Math.round(30 + 20 * 0.732), // 45
      Math.round(50 + 20 * 0.732), // 65
      Math.round(70 + 30 * 0.732), // 92
    ]);
    expect(stockRange('stable')).toEqual([30, 50]);
    for (const advice of byInvestorType) {
      const [low, high] = stockRange(advice.investorType);
      expect(advice.positionSizePercent).toBeGreaterThanOrEqual(low);
      expect(advice.positionSizePercent).toBeLessThanOrEqual(high);
      expect(advice.keyRisks.length).toBeGreaterThan(0);
      expect(advice.rationale).toContain(`${advice.positionSizePercent}%`);
    }
  });

  it('tempers the call for cautious types on a high-risk stock and keeps every size in range', async () => {
    const risky = steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 30, marketCap: 30e9 });
    const input: ReportInput = { data: risky, medians: industrialsMedians, investorType: 'conservative' };
    const valuation = valuationModels(input);
    expect(valuation.riskLevel).toBe('high');
    expect(valuation.recommendation).toBe('strong_buy');
    const { byInvestorType } = await sut(input, valuation);
    const action = Object.fromEntries(byInvestorType.map((a) => [a.investorType, a.action]));
    expect(action).toEqual({ conservative: 'hold', stable: 'hold', growth: 'buy', aggressive: 'strong_buy' });
    // hold: f = 0.25 × risk 0.5; conservative 0 + 30 × 0.125 = 3.75 → 4
    expect(byInvestorType[0]).toMatchObject({ investorType: 'conservative', positionSizePercent: 4, highlighted: true, actionText: '持有' });
    expect(byInvestorType[0]?.rationale).toContain('調整為「持有」');
  });

  it('puts a sell call at the low end of the range', () => {
    const valuation = { upside: -30, riskLevel: 'medium' } as ValuationResult;
    expect(positionSize('aggressive', 'strong_sell', valuation)).toBe(70);
    expect(positionSize('conservative', 'sell', valuation)).toBe(0);
  });
});

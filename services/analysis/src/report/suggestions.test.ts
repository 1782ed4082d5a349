import { builtInAnalyst } from '../analyst';
import { assessBusiness } from './business';
import { industrialsMedians, steadyCompany } from './fixtures';
import { adviseInvestors, fullPosition, positionSize, SINGLE_STOCK_LIMIT, stockRange } from './suggestions';
import type { ReportInput, ValuationResult } from './types';
import { valuationModels } from './valuation';

const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'STDY' };

/** Two days after the fixture's figures: a current price. */
const now = new Date('2026-11-22T08:00:00Z');

async function adviceFor(input: ReportInput, valuation: ValuationResult = valuationModels(input, { now })) {
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

  it("sizes this one stock's weight in the whole portfolio, within the type's single-stock limit and its risk budget", async () => {
    const input: ReportInput = { data: steadyCompany(), medians: industrialsMedians, investorType: null };
    const valuation = valuationModels(input, { now });
    // The fixture: low risk and low uncertainty, a strong buy (upside above 25 %: full conviction).
    expect(valuation).toMatchObject({ riskLevel: 'low', uncertainty: 'low', recommendation: 'strong_buy' });
    const { byInvestorType } = await sut(input, valuation);
    const full = [5, 8, 12, 20]; // single-stock limits × risk 1 × uncertainty 1
    expect(byInvestorType.map((a) => a.positionSizePercent)).toEqual(
      full.map((f) => Math.round(f * (0.5 + (0.5 * valuation.confidence) / 100) * 10) / 10),
    );
    // the conservative investor is never told "strong buy"
    expect(byInvestorType.map((a) => a.action)).toEqual(['buy', 'strong_buy', 'strong_buy', 'strong_buy']);
    expect(byInvestorType.map((a) => a.stockAllocationRange)).toEqual([
      [0, 30],
      [30, 50],
      [50, 70],
      [70, 100],
    ]);
    expect(byInvestorType[3]?.rationale).toContain(`估值顯示約 ${valuation.upside}% 上升空間`);
    expect(byInvestorType[3]?.rationale).toContain('在進取型投資者的風險預算之內');
    for (const advice of byInvestorType) {
      expect(advice.positionSizePercent).toBeLessThanOrEqual(SINGLE_STOCK_LIMIT[advice.investorType]);
      expect(advice.keyRisks.length).toBeGreaterThan(0);
      expect(advice.rationale).toContain(
        advice.positionSizePercent > 0 ? `此股建議佔組合約 ${advice.positionSizePercent}%` : '不建議持有此股',
      );
    }
  });

  it('sizes a buy between half and all of the full position, with the upside and the confidence', () => {
    const valuation = (
      upside: number,
      confidence: number,
      riskLevel: ValuationResult['riskLevel'],
      uncertainty: ValuationResult['uncertainty'],
    ) => ({ upside, confidence, riskLevel, uncertainty }) as ValuationResult;
    expect(positionSize('growth', 'strong_buy', valuation(60, 80, 'low', 'low'))).toBe(10.8); // 12 × (0.5 + 0.5 × 1 × 0.8)
    expect(positionSize('growth', 'buy', valuation(5, 50, 'low', 'low'))).toBe(7.2); // 12 × (0.5 + 0.5 × 0.4 × 0.5)
    expect(positionSize('stable', 'buy', valuation(20, 60, 'medium', 'medium'))).toBe(3.6); // 8 × 0.75 × 0.8 × (0.5 + 0.5 × 0.8 × 0.6) = 3.55
    expect(positionSize('aggressive', 'buy', valuation(100, 25, 'high', 'very_high'))).toBe(4.4); // 20 × 0.5 × 0.7 × (0.5 + 0.5 × 1 × 0.25) = 4.375
  });

  it('never tells a conservative investor to buy a high-risk or very uncertain stock, and tells it to hold none of a high-risk one', async () => {
    const risky = steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 60, marketCap: 60e9, peRatio: 12 });
    const input: ReportInput = { data: risky, medians: industrialsMedians, investorType: 'conservative' };
    const valuation = valuationModels(input, { now });
    expect(valuation.riskLevel).toBe('high');
    expect(['buy', 'strong_buy']).toContain(valuation.recommendation);
    const { byInvestorType } = await sut(input, valuation);
    const action = Object.fromEntries(byInvestorType.map((a) => [a.investorType, a.action]));
    // Beyond what a conservative investor should hold at all: "avoid", never "hold" beside a zero position.
    expect(action.conservative).toBe('avoid');
    expect(action.stable).toBe('hold');
    expect(action.aggressive).toBe(valuation.recommendation);
    expect(byInvestorType[0]).toMatchObject({
      investorType: 'conservative',
      positionSizePercent: 0,
      highlighted: true,
      actionText: '不建議持有',
    });
    expect(byInvestorType[1]?.positionSizePercent).toBeGreaterThan(0);
    expect(byInvestorType[0]?.rationale).toContain('超出保守型投資者可承受的範圍');
    expect(byInvestorType[0]?.rationale).toContain('如已持有，宜逐步減持至零，不建議持有此股。');
    expect(byInvestorType[0]?.rationale).not.toContain('持倉不超過上限的一半');
    expect(byInvestorType[1]?.rationale).toContain('調整為「持有」');
    // high risk halves the full position: at most 20 × 0.5 = 10 % for the aggressive type
    expect(byInvestorType[3]?.positionSizePercent).toBeLessThanOrEqual(10);
  });

  it('says not to hold a stock it says to sell, for every type', async () => {
    // Priced at four times the fixture's value, every model finds it far above its fair value.
    const { byInvestorType } = await sut({
      data: steadyCompany({ price: 340, high52Week: 360 }),
      medians: industrialsMedians,
      investorType: null,
    });
    for (const advice of byInvestorType) {
      expect(['sell', 'strong_sell']).toContain(advice.action);
      expect(advice.positionSizePercent).toBe(0);
      expect(advice.rationale).toMatch(/不建議持有此股。$/);
      expect(advice.rationale).not.toContain('佔組合約 0%');
    }
  });

  it('holds none of a stock it says to sell, for every type', () => {
    const valuation = { upside: -30, confidence: 80, riskLevel: 'medium', uncertainty: 'medium' } as ValuationResult;
    expect(positionSize('aggressive', 'strong_sell', valuation)).toBe(0);
    expect(positionSize('conservative', 'sell', valuation)).toBe(0);
    expect(stockRange('aggressive')).toEqual([70, 100]);
    expect(fullPosition('conservative')).toBe(5);
  });
});

import { builtInAnalyst } from '../analyst';
import { assessBusiness } from './business';
import { industrialsMedians, steadyCompany } from './fixtures';
import { adviseInvestors, fullPosition, positionSize, SINGLE_STOCK_LIMIT, stockRange } from './suggestions';
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

  it("sizes this one stock's weight in the whole portfolio, within the type's single-stock limit", async () => {
    // The fixture: buy, upside 11.6 %, confidence 78 %, low risk (×1) → conviction = 11.6 / 25 = 0.464.
    const { byInvestorType } = await sut({ data: steadyCompany(), medians: industrialsMedians, investorType: null });
    expect(byInvestorType.map((a) => a.positionSizePercent)).toEqual([
      1.8, // conservative: 5 × 0.464 × 0.78 = 1.81
      2.9, // stable: 8 × 0.464 × 0.78 = 2.90
      4.3, // growth: 12 × 0.464 × 0.78 = 4.34
      7.2, // aggressive: 20 × 0.464 × 0.78 = 7.24
    ]);
    expect(byInvestorType.map((a) => a.stockAllocationRange)).toEqual([
      [0, 30],
      [30, 50],
      [50, 70],
      [70, 100],
    ]);
    expect(byInvestorType[3]?.rationale).toMatch(
      /^進取型投資者的股票配置建議為組合的 70–100%，單一股票不宜超過組合的 20%。估值顯示約 11\.6% 上升空間，業務評分 \d+\/100；可分段建立持倉，此股建議佔組合約 7\.2%。$/,
    );
    for (const advice of byInvestorType) {
      expect(advice.positionSizePercent).toBeLessThanOrEqual(SINGLE_STOCK_LIMIT[advice.investorType]);
      expect(advice.keyRisks.length).toBeGreaterThan(0);
      expect(advice.rationale).toContain(
        advice.positionSizePercent > 0 ? `此股建議佔組合約 ${advice.positionSizePercent}%` : '不建議持有此股',
      );
    }
  });

  it('scales a buy with the upside up to full conviction at 25 %, and never past the limit', () => {
    const valuation = (upside: number, confidence: number, riskLevel: ValuationResult['riskLevel']) =>
      ({ upside, confidence, riskLevel }) as ValuationResult;
    expect(positionSize('growth', 'strong_buy', valuation(60, 95, 'low'))).toBe(11.4); // 12 × 1 × 0.95
    expect(positionSize('growth', 'buy', valuation(5, 50, 'low'))).toBe(2.4); // 12 × 0.4 (floor) × 0.5
    expect(positionSize('stable', 'buy', valuation(20, 80, 'medium'))).toBe(3.8); // 8 × 0.8 × 0.8 × 0.75 = 3.84
    expect(positionSize('aggressive', 'strong_buy', valuation(100, 95, 'low'))).toBe(19); // 20 × 1 × 0.95
  });

  it('tempers the call for cautious types on a high-risk stock and keeps at most half a position on hold', async () => {
    const risky = steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 30, marketCap: 30e9 });
    const input: ReportInput = { data: risky, medians: industrialsMedians, investorType: 'conservative' };
    const valuation = valuationModels(input);
    expect(valuation.riskLevel).toBe('high');
    expect(valuation.recommendation).toBe('strong_buy');
    const { byInvestorType } = await sut(input, valuation);
    const action = Object.fromEntries(byInvestorType.map((a) => [a.investorType, a.action]));
    expect(action).toEqual({ conservative: 'hold', stable: 'hold', growth: 'buy', aggressive: 'strong_buy' });
    // hold: full position 5 × risk 0.5 = 2.5, half of it 1.25 → 1.3; stable 8 × 0.5 × 0.5 = 2
    expect(byInvestorType[0]).toMatchObject({
      investorType: 'conservative',
      positionSizePercent: 1.3,
      highlighted: true,
      actionText: '持有',
    });
    expect(byInvestorType[1]).toMatchObject({ investorType: 'stable', positionSizePercent: 2 });
    expect(byInvestorType[0]?.rationale).toContain('調整為「持有」');
    expect(byInvestorType[0]?.rationale).toContain('不宜加碼');
    // strong buy on a high-risk stock: at most 20 × 0.5 = 10 % for the aggressive type
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
    const valuation = { upside: -30, confidence: 80, riskLevel: 'medium' } as ValuationResult;
    expect(positionSize('aggressive', 'strong_sell', valuation)).toBe(0);
    expect(positionSize('conservative', 'sell', valuation)).toBe(0);
    expect(stockRange('aggressive')).toEqual([70, 100]);
    expect(fullPosition('conservative')).toBe(5);
  });
});

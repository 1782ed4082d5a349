import type { InvestorPreferences, RiskProfileId } from '@stockai/contracts';
import { industrialsMedians, steadyCompany } from './fixtures';
import { wizardSector } from './preferences';
import { actionFor, adviseInvestors, positionSize } from './suggestions';
import type { MarketData } from '../market-data/types';
import type { InvestorAction, ReportInput } from './types';
import { valuationModels } from './valuation';

/** Two days after the fixture's figures: a current price. */
const now = new Date('2026-11-22T08:00:00Z');
const business = { score: 60 } as Parameters<typeof adviseInvestors>[2];
/** From the most bearish: `avoid` (hold none, though no sell) lies between a sell and a hold. */
const SCALE: InvestorAction[] = ['strong_sell', 'sell', 'avoid', 'hold', 'buy', 'strong_buy'];

function ownAdvice(data: MarketData, investorType: RiskProfileId, preferences: InvestorPreferences | null) {
  const input: ReportInput = { data, medians: industrialsMedians, investorType, preferences };
  const valuation = valuationModels(input, { now });
  const { byInvestorType } = adviseInvestors(input, valuation, business);
  const budgetAction = actionFor(investorType, valuation);
  return {
    valuation,
    own: byInvestorType[0]!,
    others: byInvestorType.slice(1),
    budgetAction,
    budgetSize: positionSize(investorType, budgetAction, valuation),
  };
}

const prefs = (p: Partial<InvestorPreferences>): InvestorPreferences => ({ horizon: null, goals: [], sectors: [], ...p });
/** The fixture made risky: a high beta and heavy debt (risk high), still priced below its value. */
const risky = () => steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 60, marketCap: 60e9, peRatio: 12 });

describe('wizardSector', () => {
  it("maps our sectors, English or Chinese, to the wizard's six, and leaves the others out", () => {
    expect(wizardSector('Technology')).toBe('tech');
    expect(wizardSector('Communication Services')).toBe('tech');
    expect(wizardSector('Financial Services')).toBe('finance');
    expect(wizardSector('Consumer Defensive')).toBe('consumer');
    expect(wizardSector('Real Estate')).toBe('realestate');
    expect(wizardSector('地產')).toBe('realestate');
    expect(wizardSector('Utilities')).toBeNull();
    expect(wizardSector('Industrials')).toBeNull();
    expect(wizardSector(null)).toBeNull();
  });
});

describe("the user's preferences in the advice of their own type", () => {
  it('says whether the sector is a chosen one and, for a wealth goal, the upside, and changes nothing else', () => {
    const { own, others, valuation, budgetAction, budgetSize } = ownAdvice(
      steadyCompany(),
      'growth',
      prefs({ horizon: 'long', goals: ['wealth'], sectors: ['tech', 'finance'] }),
    );
    expect(own).toMatchObject({ investorType: 'growth', highlighted: true, action: budgetAction, positionSizePercent: budgetSize });
    expect(own.preferencesNote).toContain('此股屬工業板塊，不在您偏好的行業（科技、金融）之內');
    expect(own.preferencesNote).toContain(`估值顯示約 ${valuation.upside}% 上升空間`);
    expect(own.preferencesNote).toContain('投資期在 3 年以上');
    expect(own.preferencesNote).toMatch(/您的偏好不改變此建議。$/);
    for (const other of others) expect(other.preferencesNote).toBeNull();

    const inside = ownAdvice(steadyCompany({ sector: 'Technology' }), 'growth', prefs({ sectors: ['tech'] })).own;
    expect(inside.preferencesNote).toContain('此股屬資訊科技板塊，在您偏好的行業（科技）之內');
  });

  it("weighs an income goal against the stock's own dividend yield, and keeps less of a stock paying none", () => {
    const paying = ownAdvice(steadyCompany({ dividendPerShare: 3.4, dividendYield: 3.4 / 85 }), 'stable', prefs({ goals: ['income'] }));
    expect(paying.own.preferencesNote).toContain('股息率 4%，有助達成您穩定收入的目標');
    expect(paying.own.positionSizePercent).toBe(paying.budgetSize);

    const thin = ownAdvice(steadyCompany(), 'stable', prefs({ goals: ['income'] }));
    expect(thin.own.preferencesNote).toContain(`股息率 ${Math.round((2.5 / 85) * 10000) / 100}%，低於 3%，收息作用有限`);

    const none = ownAdvice(steadyCompany({ dividendPerShare: 0, dividendYield: 0 }), 'stable', prefs({ goals: ['income'] }));
    expect(none.own.preferencesNote).toContain('此股沒有派息，不符合您穩定收入的目標');
    expect(none.own.action).toBe(none.budgetAction);
    expect(none.own.positionSizePercent).toBeCloseTo(none.budgetSize * 0.75, 0);
    expect(none.own.positionSizePercent).toBeLessThan(none.budgetSize);
    expect(none.own.preferencesNote).toContain(`持倉由 ${none.budgetSize}% 減至 ${none.own.positionSizePercent}%`);
    expect(none.own.rationale).toContain(`此股建議佔組合約 ${none.own.positionSizePercent}%`);
  });

  it('turns a buy into a hold for a short horizon when the stock is volatile, with the figure, and keeps less of a calmer one', () => {
    const volatile = ownAdvice(risky(), 'aggressive', prefs({ horizon: 'short' }));
    expect(volatile.valuation.riskLevel).toBe('high');
    expect(['buy', 'strong_buy']).toContain(volatile.budgetAction);
    expect(volatile.own.action).toBe('hold');
    expect(volatile.own.actionText).toBe('持有');
    expect(volatile.own.preferencesNote).toContain('您的投資期在 1 年以內，而此股的 β 值 1.9');
    expect(volatile.own.preferencesNote).toContain('調整為「持有」');
    expect(volatile.own.rationale).toContain('按您的投資偏好，建議調整為「持有」');
    // a hold's half position, of which a short horizon keeps three quarters
    expect(volatile.own.positionSizePercent).toBeCloseTo(positionSize('aggressive', 'hold', volatile.valuation) * 0.75, 0);
    expect(volatile.own.horizon).toBe('1 年以內（按您的投資偏好）');
    expect(volatile.others.map((a) => a.horizon)).not.toContain('1 年以內（按您的投資偏好）');

    const calm = ownAdvice(steadyCompany(), 'growth', prefs({ goals: ['shortterm'] }));
    expect(calm.valuation).toMatchObject({ riskLevel: 'low', uncertainty: 'low' });
    expect(calm.own.action).toBe(calm.budgetAction);
    expect(calm.own.positionSizePercent).toBeLessThan(calm.budgetSize);
    expect(calm.own.preferencesNote).toContain('您以短期獲利為目標，股價向合理價值回歸往往需時 1 年以上');
  });

  it('keeps less for a retirement goal, and buys nothing of high risk for it', () => {
    const steady = ownAdvice(steadyCompany(), 'growth', prefs({ goals: ['retirement'] }));
    expect(steady.own.action).toBe(steady.budgetAction);
    expect(steady.own.positionSizePercent).toBeCloseTo(steady.budgetSize * 0.75, 0);
    expect(steady.own.preferencesNote).toContain('您以退休規劃為目標，保本為先');

    const high = ownAdvice(risky(), 'aggressive', prefs({ goals: ['retirement'] }));
    expect(high.own.action).toBe('hold');
    expect(high.own.preferencesNote).toContain('此股風險高，不宜買入');
  });

  it('speaks of no smaller position to a type that should hold none of the stock (ADR 0054)', () => {
    const none = ownAdvice(
      steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 60, marketCap: 60e9, peRatio: 12, dividendYield: 0, dividendPerShare: 0 }),
      'conservative',
      prefs({ horizon: 'short', goals: ['retirement', 'income'] }),
    );
    expect(none.own).toMatchObject({ action: 'avoid', positionSizePercent: 0, actionText: '不建議持有' });
    expect(none.own.preferencesNote).toContain('此股風險高，亦不宜持有');
    expect(none.own.preferencesNote).toContain('此股沒有派息，不符合您穩定收入的目標。');
    expect(none.own.preferencesNote).not.toContain('持倉宜較少');
    expect(none.own.preferencesNote).toContain('您的偏好不改變此建議');
  });

  it('only ever narrows the risk budget: never a more bullish action nor a larger position, a sell stays a sell', () => {
    const stocks = [
      steadyCompany(),
      risky(),
      steadyCompany({ price: 340, high52Week: 360 }),
      steadyCompany({ dividendYield: 0, dividendPerShare: 0 }),
    ];
    const choices: InvestorPreferences[] = [
      prefs({ horizon: 'short', goals: ['income', 'retirement'], sectors: ['energy'] }),
      prefs({ horizon: 'long', goals: ['wealth', 'shortterm'] }),
      prefs({ horizon: 'medium', sectors: ['tech', 'finance', 'healthcare', 'consumer', 'energy', 'realestate'] }),
    ];
    for (const data of stocks)
      for (const type of ['conservative', 'stable', 'growth', 'aggressive'] as const)
        for (const preferences of choices) {
          const { own, budgetAction, budgetSize, valuation } = ownAdvice(data, type, preferences);
          expect(SCALE.indexOf(own.action)).toBeLessThanOrEqual(SCALE.indexOf(budgetAction));
          expect(own.positionSizePercent).toBeLessThanOrEqual(budgetSize);
          if (budgetAction === 'sell' || budgetAction === 'strong_sell') expect(own.action).toBe(budgetAction);
          if (type === 'conservative' && (valuation.riskLevel === 'high' || valuation.riskLevel === 'unknown'))
            expect(['buy', 'strong_buy']).not.toContain(own.action);
          expect(own.preferencesNote).toMatch(/^按您的投資偏好（/);
          // A zero position is never a hold or a buy, and `avoid` never has a position (ADR 0054).
          if (own.positionSizePercent === 0) expect(['sell', 'strong_sell', 'avoid']).toContain(own.action);
          else expect(own.action).not.toBe('avoid');
        }
  });

  it('writes no note without preferences', () => {
    const { own } = ownAdvice(steadyCompany(), 'growth', null);
    expect(own.preferencesNote).toBeNull();
  });
});

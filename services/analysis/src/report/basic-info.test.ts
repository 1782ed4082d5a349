import { basicInfo, basicScore } from './basic-info';
import { steadyCompany } from './fixtures';

describe('basicInfo', () => {
  it('shows the quote figures with the dividend yield in percent', () => {
    const basic = basicInfo(steadyCompany());
    expect(basic).toMatchObject({
      symbol: 'STDY',
      currentPrice: 85,
      peRatio: 17,
      marketCap: 85e9,
      currency: 'USD',
      high52Week: 92,
      low52Week: 60,
    });
    expect(basic.currentPrice).toBeLessThanOrEqual(basic.high52Week as number); // a price inside its own 52-week range
    expect(basic.dividendYield).toBe(2.94); // 2.5 / 85 = 2.941 %
  });

  it('scores valuation, income, size and profitability as documented', () => {
    // P/E 17 ≤ 25 → 25; yield 2.94 % > 0 → 8; US$85 bn ≥ 10 bn → 20; margin 5 / 25 = 20 % → 25
    expect(basicScore(steadyCompany())).toEqual({ score: 78, parts: { valuation: 25, income: 8, size: 20, profitability: 25 } });
    expect(basicScore(steadyCompany({ peRatio: 12, dividendYield: 0.031 })).score).toBe(95); // 35 + 15 + 20 + 25
    // losses → 0; no dividend → 0; HK$3.9 bn = US$0.5 bn → 5; margin −4 % → 0
    const loss = steadyCompany({ currency: 'HKD', market: 'HK', eps: -1, netIncome: -1e9, dividendYield: 0, marketCap: 3.9e9 });
    expect(basicScore(loss).score).toBe(5);
    // unknown figures take half their points: 17.5 + 7.5 + 12.5 + 12.5
    const unknown = steadyCompany({ peRatio: null, eps: null, netIncome: null, dividendYield: null, marketCap: null, revenue: null });
    expect(basicScore(unknown).score).toBe(50);
  });
});

import { assessBusiness, narrativeTexts } from '../report/business';
import { industrialsMedians, steadyCompany } from '../report/fixtures';
import { adviseInvestors } from '../report/suggestions';
import type { ReportInput } from '../report/types';
import { basicInfo, mergeReport, valuationModels } from '../report';
import { RECOMMENDATION_TEXT } from '../report/labels';
import { builtInAnalyst } from './built-in';

/** Two days after the fixture's figures (2026-11-20): the valuation as it was then, whatever today's date. */
const FIGURES_DATE = new Date('2026-11-22T08:00:00Z');

const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'STDY' };
const chinese = /[\u4e00-\u9fff]/;

describe('the built-in analyst', () => {
  const sut = builtInAnalyst();
  const input: ReportInput = { data: steadyCompany(), medians: industrialsMedians, investorType: 'stable' };

  it('writes every business field in Chinese, quoting the computed figures', async () => {
    const business = await assessBusiness(input, valuationModels(input, { now: FIGURES_DATE }), sut, ctx);
    const texts = narrativeTexts(business);
    for (const text of texts) {
      expect(text.length).toBeGreaterThan(20);
      expect(text).toMatch(chinese);
    }
    expect(business.writtenBy).toBe('built-in');
    expect(business.primaryBusiness).toContain('穩定工業（Steady Industries Inc.）');
    expect(business.primaryBusiness).toContain('工業板塊');
    expect(business.primaryBusiness).toContain('USD 250 億'); // revenue 25e9
    expect(business.competitiveAdvantage).toContain('淨利潤率 20%'); // 5e9 / 25e9
    expect(business.competitiveAdvantage).toContain('（ROE）25%'); // 5e9 / (20 × 1e9)
    // P/E 17 vs the six peers' median 21 and their quartiles
    expect(business.marketPosition).toContain(
      '低於同行業（Specialty Industrial Machinery）的同業中位數 21 倍（6 家，四分位 18.5–23.5 倍），估值較同業折讓',
    );
    expect(business.growthProspects).toContain('12.5%'); // ROE × retention
    expect(business.financialHealth).toContain('淨負債 USD 60 億'); // 10e9 − 4e9
    expect(business.financialHealth).toContain('債務對股東權益比率 0.5 倍');
    expect(business.managementQuality).toContain('派息比率 50%');
  });

  it('summarises the valuation, the score and the reader’s own advice with the data date', async () => {
    const valuation = valuationModels(input, { now: FIGURES_DATE });
    const business = await assessBusiness(input, valuation, sut, ctx);
    const suggestions = adviseInvestors(input, valuation, business);
    const report = await mergeReport(input, { basic: basicInfo(input.data), valuation, business, suggestions }, sut, ctx);
    expect(report.summary).toMatch(chinese);
    expect(report.summary).toContain(`USD ${valuation.fairValue}`);
    expect(report.summary).toContain(`${valuation.upside}% 上升空間`);
    expect(report.summary).toContain(`「${RECOMMENDATION_TEXT[valuation.recommendation]}」`);
    expect(report.summary).toContain(`區間 USD ${valuation.range?.low} 至 USD ${valuation.range?.high}`);
    // what drives the value, and the prices at which the call would change
    expect(report.summary).toMatch(/合理價值主要由.+帶動/);
    expect(report.summary).toMatch(/股價低於 USD [\d.]+ 才屬「買入」/);
    expect(report.summary).toContain(`業務評分 ${business.score}/100`);
    expect(report.summary).toContain('對穩健型投資者');
    expect(report.summary).toContain('截至 2026-11-20');
  });

  it('never tells a reader whose type should hold none of the stock to hold it', async () => {
    // The fixture made risky (high beta, heavy debt): beyond a conservative investor's risk budget.
    const risky: ReportInput = {
      data: steadyCompany({ beta: 1.9, totalDebt: 50e9, price: 60, marketCap: 60e9, peRatio: 12 }),
      medians: industrialsMedians,
      investorType: 'conservative',
    };
    const valuation = valuationModels(risky, { now: FIGURES_DATE });
    expect(valuation.riskLevel).toBe('high');
    const business = await assessBusiness(risky, valuation, sut, ctx);
    const suggestions = adviseInvestors(risky, valuation, business);
    expect(suggestions.byInvestorType[0]).toMatchObject({ action: 'avoid', positionSizePercent: 0 });
    const report = await mergeReport(risky, { basic: basicInfo(risky.data), valuation, business, suggestions }, sut, ctx);
    expect(report.summary).toContain('對保守型投資者，此股「不建議持有」，如已持有宜逐步減持至零。');
    expect(report.summary).not.toContain('建議「持有」');
    expect(report.summary).not.toContain('持倉約佔投資組合 0%');
  });

  it('says plainly when no valuation model could be built', async () => {
    const bare: ReportInput = {
      data: steadyCompany({
        eps: null,
        netIncome: null,
        freeCashFlow: null,
        bookValuePerShare: null,
        dividendPerShare: null,
        ebitda: null,
        revenue: null,
      }),
      medians: null,
      investorType: null,
    };
    const valuation = valuationModels(bare);
    const business = await assessBusiness(bare, valuation, sut, ctx);
    const suggestions = adviseInvestors(bare, valuation, business);
    const report = await mergeReport(bare, { basic: basicInfo(bare.data), valuation, business, suggestions }, sut, ctx);
    expect(report.summary).toContain('數據不足以建立任何估值模型');
    expect(business.competitiveAdvantage).toContain('數據不足');
  });
});

import { builtInAnalyst } from '../analyst';
import { industrialsMedians, steadyCompany } from './fixtures';
import { adviseInvestors, assessBusiness, basicInfo, mergeReport, valuationModels } from './index';
import type { ReportInput } from './types';
import { NO_PRICE_NOTE } from './valuation';

/** Two days after the fixture's figures (2026-11-20): the valuation as it was then, whatever today's date. */
const FIGURES_DATE = new Date('2026-11-22T08:00:00Z');

const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'STDY' };

describe('mergeReport', () => {
  it('explains every figure with inputs, method and source, and dates the report', async () => {
    const input: ReportInput = { data: steadyCompany({ notes: ['股價為收市價'] }), medians: industrialsMedians, investorType: 'growth' };
    const analyst = builtInAnalyst();
    const valuation = valuationModels(input, { now: FIGURES_DATE });
    const now = new Date('2026-11-21T08:00:00Z'); // a day after the figures' date: current, no snapshot warning
    const business = await assessBusiness(input, valuation, analyst, ctx, now);
    const suggestions = adviseInvestors(input, valuation, business);
    const sut = await mergeReport(input, { basic: basicInfo(input.data), valuation, business, suggestions }, analyst, ctx, now);

    expect(sut).toMatchObject({ dataAsOf: '2026-11-20', dataSource: 'snapshot', valuation, business, suggestions });
    expect(sut.notes).toEqual(['股價為收市價', '文字分析由內置分析引擎根據系統計算的數據撰寫。']);
    const figures = sut.explain.map((e) => e.figure);
    for (const figure of [
      'basic.currentPrice',
      'basic.score',
      'valuation.models.dcf',
      'valuation.models.relative',
      'valuation.models.dividend_discount',
      'valuation.models.graham',
      'valuation.fairValue',
      'valuation.targetPrice',
      'valuation.upside',
      'valuation.confidence',
      'valuation.recommendation',
      'valuation.riskLevel',
      'business.score',
      'suggestions.growth.positionSizePercent',
    ]) {
      expect(figures).toContain(figure);
    }
    for (const e of sut.explain) {
      expect(e.method).not.toBe('');
      // quoted and computed figures name the snapshot; the discount rate names Damodaran's tables
      expect(e.source).toMatch(e.figure === 'valuation.discountRate' ? /Damodaran/ : /內置市場數據快照（截至 2026-11-20）/);
    }
    const dcf = valuation.models.find((m) => m.id === 'dcf');
    const relative = valuation.models.find((m) => m.id === 'relative');
    const fair = sut.explain.find((e) => e.figure === 'valuation.fairValue');
    expect(fair).toMatchObject({
      value: valuation.fairValue,
      inputs: { 'dcf.value': dcf?.value, 'dcf.weight': dcf?.weight, 'relative.value': relative?.value },
    });
    // the Graham number is a screen: shown as a model, never an input of the fair value
    expect(fair?.inputs['graham.value']).toBeUndefined();
    expect(figures).toContain('valuation.discountRate');
    const basicScore = sut.explain.find((e) => e.figure === 'basic.score');
    expect(basicScore?.value).toBe(sut.basic.score);
    // each type's action is explained in the words its card shows, never a code like "avoid"
    for (const advice of suggestions.byInvestorType)
      expect(sut.explain.find((e) => e.figure === `suggestions.${advice.investorType}.positionSizePercent`)?.inputs.action).toBe(
        advice.actionText,
      );
  });

  it("names the source's dividend yield as the method, not a formula the report did not apply", async () => {
    // The source's yield (3 %) differs from dividend ÷ price (2.5 / 85 = 2.94 %): the page shows the source's.
    const input: ReportInput = { data: steadyCompany({ dividendYield: 0.03 }), medians: industrialsMedians, investorType: null };
    const analyst = builtInAnalyst();
    const valuation = valuationModels(input, { now: FIGURES_DATE });
    const business = await assessBusiness(input, valuation, analyst, ctx);
    const sut = await mergeReport(
      input,
      { basic: basicInfo(input.data), valuation, business, suggestions: adviseInvestors(input, valuation, business) },
      analyst,
      ctx,
    );
    const dividendYield = sut.explain.find((e) => e.figure === 'basic.dividendYield');
    expect(dividendYield).toMatchObject({
      value: 3,
      method: '採用內置市場數據快照提供的股息率（以百分比顯示），並非由本系統重新計算',
      inputs: { dividendYield: 0.03 },
    });
  });

  it('says in the notes and the explanation why there is no call when the price is unknown', async () => {
    const input: ReportInput = { data: steadyCompany({ price: null }), medians: industrialsMedians, investorType: null };
    const analyst = builtInAnalyst();
    const valuation = valuationModels(input, { now: FIGURES_DATE });
    const business = await assessBusiness(input, valuation, analyst, ctx);
    const sut = await mergeReport(
      input,
      { basic: basicInfo(input.data), valuation, business, suggestions: adviseInvestors(input, valuation, business) },
      analyst,
      ctx,
    );
    expect(sut.notes).toContain(NO_PRICE_NOTE);
    expect(sut.explain.find((e) => e.figure === 'valuation.recommendation')).toMatchObject({
      value: 'unrated',
      method: expect.stringContaining(NO_PRICE_NOTE),
    });
    expect(sut.suggestions.byInvestorType.every((a) => a.action === 'hold')).toBe(true);
  });
});

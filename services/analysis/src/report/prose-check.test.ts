import { builtInAnalyst } from '../analyst';
import type { MarketData } from '../market-data/types';
import { industrialsMedians, steadyCompany } from './fixtures';
import { adviseInvestors, assessBusiness, basicInfo, mergeReport, valuationModels } from './index';
import { proseIssues } from './prose-check';

const NOW = new Date('2026-11-22T08:00:00Z');
const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'STDY' };

async function reportOf(data: MarketData) {
  const input = { data, medians: industrialsMedians, investorType: 'stable' as const };
  const analyst = builtInAnalyst();
  const valuation = valuationModels(input, { now: NOW });
  const business = await assessBusiness(input, valuation, analyst, ctx, NOW);
  const suggestions = adviseInvestors(input, valuation, business);
  return mergeReport(input, { basic: basicInfo(data, NOW), valuation, business, suggestions }, analyst, ctx, NOW);
}

describe('proseIssues', () => {
  it('finds nothing in the built-in report: its words state only its own figures and quote its upside', async () => {
    const data = steadyCompany();
    const report = await reportOf(data);
    expect(report.valuation.recommendation).not.toBe('unrated');
    expect(report.summary).toContain(`${Math.abs(report.valuation.upside as number)}%`);
    expect(proseIssues(report, data)).toEqual([]);
  });

  it('says a dividend per share is unknown, never that there is none, when only the yield is known', async () => {
    const data = steadyCompany({ dividendPerShare: null, dividendYield: 0.02 });
    const report = await reportOf(data);
    expect(report.valuation.models.find((m) => m.id === 'dividend_discount')?.reason).toBe(
      '每股股息不詳（只有股息率），無法以股息折現估值',
    );
    expect(proseIssues(report, data)).toEqual([]);
  });

  it('flags a sentence that denies the dividend or the profit the figures show', async () => {
    const data = steadyCompany();
    const report = await reportOf(data);
    const denied = { ...report, summary: `${report.summary}公司沒有派發股息。公司正錄得虧損。` };
    expect(proseIssues(denied, data).map((i) => [i.rule, i.sentence])).toEqual([
      ['dividend_denied', '公司沒有派發股息。'],
      ['profit_denied', '公司正錄得虧損。'],
    ]);
  });

  it('flags a number the report does not hold, and a rated summary without its upside', async () => {
    const data = steadyCompany();
    const report = await reportOf(data);
    const invented = { ...report, summary: '預計明年盈利增長 37.3%，市值將達 USD 1,234 億。' };
    expect(proseIssues(invented, data).map((i) => i.rule)).toEqual(['number_unknown', 'upside_missing']);
  });

  it('reads Chinese units: a market cap in 億 matches the figure it rounds', async () => {
    const data = steadyCompany();
    const report = await reportOf(data);
    expect(report.business.primaryBusiness).toContain('850 億');
    const restated = { ...report, summary: `${report.summary}市值約 USD 850 億。市值約 USD 870 億。` };
    expect(proseIssues(restated, data)).toEqual([{ rule: 'number_unknown', sentence: '市值約 USD 870 億。' }]);
  });
});

import { builtInAnalyst } from '../analyst';
import { summaryFacts, userMessage } from '../analyst/prompt';
import { priceLabel, priceTiming, snapshotWarning } from './as-of';
import { industrialsMedians, steadyCompany } from './fixtures';
import { adviseInvestors, assessBusiness, basicInfo, mergeReport, valuationModels } from './index';
import type { MarketData } from '../market-data/types';
import type { ReportInput } from './types';

const ctx = { analysisId: '00000000-0000-4000-8000-000000000001', userId: '00000000-0000-4000-8000-000000000002', symbol: 'STDY' };

/** The built-in report of the steady company (price USD 85 as of 2026-11-20), written at `now`. */
async function reportAt(now: Date, overrides: Partial<MarketData> = {}) {
  const input: ReportInput = { data: steadyCompany(overrides), medians: industrialsMedians, investorType: 'stable' };
  const analyst = builtInAnalyst();
  const valuation = valuationModels(input, { now });
  const business = await assessBusiness(input, valuation, analyst, ctx, now);
  const suggestions = adviseInvestors(input, valuation, business);
  const parts = { basic: basicInfo(input.data), valuation, business, suggestions };
  return { report: await mergeReport(input, parts, analyst, ctx, now), brief: { data: input.data, ...parts, now } };
}

describe('the price date', () => {
  it('calls a price current up to three days old, by UTC date, and a year-month or missing date never', () => {
    expect(priceTiming('2026-11-20', new Date('2026-11-23T23:59:00Z'))).toEqual({ asOf: '2026-11-20', ageDays: 3, stale: false });
    expect(priceTiming('2026-11-20', new Date('2026-11-24T00:01:00Z'))).toEqual({ asOf: '2026-11-20', ageDays: 4, stale: true });
    expect(priceTiming('2026-02-16', new Date('2026-11-23T06:00:00Z'))).toMatchObject({ ageDays: 280, stale: true });
    expect(priceTiming('2025-12', new Date('2026-01-03T00:00:00Z'))).toMatchObject({ ageDays: 33, stale: true });
    expect(priceTiming(null, new Date('2026-11-23T00:00:00Z'))).toEqual({ asOf: null, ageDays: null, stale: true });
  });

  it('names the price and warns in words a reader can act on', () => {
    const old = priceTiming('2026-02-16', new Date('2026-11-23T06:00:00Z'));
    expect(priceLabel(old)).toBe('截至 2026-02-16 的收市價');
    expect(snapshotWarning(old)).toBe(
      '注意：股價及財務數字為截至 2026-02-16 的數據快照（距分析日 280 天），並非即時股價；其後股價及業績或已有重大變化。',
    );
    const fresh = priceTiming('2026-11-20', new Date('2026-11-23T06:00:00Z'));
    expect(priceLabel(fresh)).toBe('現價');
    expect(snapshotWarning(fresh)).toBeNull();
  });
});

describe('a report on fresh figures', () => {
  it('says 現價 and adds no warning', async () => {
    const { report, brief } = await reportAt(new Date('2026-11-23T06:00:00Z'));
    expect(report.summary).toContain('穩定工業（STDY）現價 USD 85，');
    expect(report.summary).toContain(`較現價有約 ${report.valuation.upside}% 上升空間`);
    expect(report.summary).not.toContain('收市價');
    expect(report.notes[0]).not.toMatch(/^注意/);
    expect(report.explain.find((e) => e.figure === 'basic.currentPrice')?.method).toBe('最新成交價');
    expect(JSON.parse(summaryFacts(brief))).toMatchObject({ priceAsOf: '2026-11-20', priceIsLive: true });
  });
});

describe('a report on figures older than three days', () => {
  const now = new Date('2026-11-27T06:00:00Z');

  it('names the price as the close of its date in the summary and the business text, never 現價', async () => {
    const { report } = await reportAt(now);
    expect(report.summary).toContain('穩定工業（STDY）截至 2026-11-20 的收市價 USD 85，');
    expect(report.summary).toContain(`較該收市價有約 ${report.valuation.upside}% 上升空間`);
    expect(report.summary).toContain('根據截至 2026-11-20 的數據快照計算，並非即時股價');
    expect(report.summary).not.toContain('現價');
    expect(report.business.growthProspects).toContain(`截至 2026-11-20 的收市價尚有約 ${report.valuation.upside}% 上升空間`);
    expect(report.business.marketPosition).toMatch(/^截至 2026-11-20 的市值約 USD 850 億/);
    for (const advice of report.suggestions.byInvestorType) expect(advice.rationale).not.toContain('現價');
  });

  it('opens the notes with the snapshot warning and dates the price in the explanation', async () => {
    const { report } = await reportAt(now, { notes: ['數據來自內置離線快照'] });
    expect(report.notes.slice(0, 2)).toEqual([
      '注意：股價及財務數字為截至 2026-11-20 的數據快照（距分析日 7 天），並非即時股價；其後股價及業績或已有重大變化。',
      '數據來自內置離線快照',
    ]);
    expect(report.explain.find((e) => e.figure === 'basic.currentPrice')).toMatchObject({
      method: '截至 2026-11-20 的收市價（數據快照，並非即時報價）',
      inputs: { asOf: '2026-11-20' },
    });
  });

  it('tells the AI model the date and not to call the price current', async () => {
    const { brief } = await reportAt(now);
    expect(JSON.parse(summaryFacts(brief))).toMatchObject({ priceAsOf: '2026-11-20', priceIsLive: false });
    const message = userMessage(summaryFacts(brief), brief.data, now);
    expect(message).toContain('股價為截至 2026-11-20 的收市價（數據快照，距分析日 7 天），並非即時股價');
    expect(message).toContain('不要寫「現價」');
  });

  it('adds no warning when there is no price at all', async () => {
    const { report } = await reportAt(now, { price: null });
    expect(report.notes.some((n) => n.startsWith('注意：'))).toBe(false);
  });
});

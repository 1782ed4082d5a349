import type { Analyst, AnalystContext } from '../analyst';
import type { AnalysisResults, BasicInfo, BusinessAnalysis, ReportInput, Suggestions, ValuationResult } from './types';
import { priceBanner, priceTiming, snapshotWarning } from './as-of';
import { reportCharts } from './charts';
import { explainReport } from './explain';

export interface ReportParts {
  basic: BasicInfo;
  valuation: ValuationResult;
  business: BusinessAnalysis;
  suggestions: Suggestions;
}

/**
 * Stage 95: the summary, the explain section and the provenance. The notes carry the data
 * provider's caveats and say who wrote the text, so a reader can tell the AI's words from
 * the built-in analyst's. `now` is when the analysis runs (default: the clock): when the
 * figures are more than a few days older (report/as-of.ts), the notes open with a warning
 * that they are a dated snapshot, and the texts name the price as that date's close.
 */
export async function mergeReport(
  input: ReportInput,
  parts: ReportParts,
  analyst: Analyst,
  ctx: AnalystContext,
  now: Date = new Date(),
): Promise<AnalysisResults> {
  const { data } = input;
  const summary = await analyst.summary({ data, ...parts, now }, ctx);
  const aiWrote = [parts.business.writtenBy === 'ai' ? '業務分析' : null, summary.writtenBy === 'ai' ? '總結' : null].filter(
    (x) => x !== null,
  );
  const authorship =
    aiWrote.length > 0
      ? `${aiWrote.join('及')}由 AI 模型（${summary.model ?? analyst.name}）根據系統計算的數據撰寫；所有數字均由系統計算。`
      : '文字分析由內置分析引擎根據系統計算的數據撰寫。';
  const timing = priceTiming(data.asOf, now);
  // Without a price there is nothing to call current: the provider's notes already say what is missing.
  const warning = data.price === null ? null : snapshotWarning(timing);
  return {
    ...parts,
    summary: summary.value,
    explain: explainReport(data, input.medians, parts, timing),
    dataAsOf: data.asOf,
    dataSource: data.source,
    priceBanner: priceBanner(timing, data.price !== null),
    charts: reportCharts(data, parts.basic, parts.valuation),
    sources: [...(parts.business.sources ?? []), ...(summary.sources ?? [])],
    notes: [
      ...(warning ? [warning] : []),
      ...data.notes,
      ...(parts.valuation.recommendationNote ? [parts.valuation.recommendationNote] : []),
      authorship,
    ],
  };
}

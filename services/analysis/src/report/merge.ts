import type { Analyst, AnalystContext } from '../analyst';
import type { AnalysisResults, BasicInfo, BusinessAnalysis, ReportInput, Suggestions, ValuationResult } from './types';
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
 * the built-in analyst's.
 */
export async function mergeReport(input: ReportInput, parts: ReportParts, analyst: Analyst, ctx: AnalystContext): Promise<AnalysisResults> {
  const { data } = input;
  const summary = await analyst.summary({ data, ...parts }, ctx);
  const aiWrote = [parts.business.writtenBy === 'ai' ? '業務分析' : null, summary.writtenBy === 'ai' ? '總結' : null].filter((x) => x !== null);
  const authorship =
    aiWrote.length > 0
      ? `${aiWrote.join('及')}由 AI 模型（${summary.model ?? analyst.name}）根據系統計算的數據撰寫；所有數字均由系統計算。`
      : '文字分析由內置分析引擎根據系統計算的數據撰寫。';
  return {
    ...parts,
    summary: summary.value,
    explain: explainReport(data, input.medians, parts),
    dataAsOf: data.asOf,
    dataSource: data.source,
    notes: [...data.notes, ...(parts.valuation.recommendationNote ? [parts.valuation.recommendationNote] : []), authorship],
  };
}

import type { AnalysisResults } from '../../types/results';
import type { ReportChartsData } from './types';

/** The report's chart data; absent in reports made before charts existed. */
export function chartsOf(results: AnalysisResults): ReportChartsData | null {
  return (results as AnalysisResults & { charts?: ReportChartsData }).charts ?? null;
}

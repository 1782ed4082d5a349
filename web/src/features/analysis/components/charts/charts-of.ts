import type { AnalysisResults } from '../../types/results';
import type { FootballFieldRow, ReportChartsData } from './types';

/**
 * The report's chart data. A report made before it carried any is drawn from its own figures:
 * the 52-week range and the price, each model's value and the fair value as single points (no
 * range is invented), no price history.
 */
export function chartsOf(results: AnalysisResults): ReportChartsData {
  if (results.charts) return results.charts;
  const { basic, valuation } = results;
  const point = (value: number) => ({ low: value, base: value, high: value });
  const models: FootballFieldRow[] = valuation.models.flatMap((m) =>
    m.skipped || m.value === null ? [] : [{ id: m.id, name: m.name, range: point(m.value), inBlend: m.weight > 0 }],
  );
  const blend: FootballFieldRow[] =
    valuation.fairValue === null ? [] : [{ id: 'blend', name: '合理價值（綜合）', range: point(valuation.fairValue), inBlend: true }];
  return {
    priceHistory: null,
    range52Week:
      basic.high52Week !== null && basic.low52Week !== null
        ? { low: basic.low52Week, high: basic.high52Week, asOf: results.dataAsOf, source: '' }
        : null,
    valuationRanges: [...models, ...blend],
    price: basic.currentPrice === null ? null : { value: basic.currentPrice, asOf: results.dataAsOf },
    peerMultiples: [],
    businessScoreParts: [],
    basicScoreParts: [],
  };
}

import type { MarketData } from '../market-data/types';
import type { BasicInfo, ReportCharts, ScorePart, ValuationResult } from './types';
import { basicScore } from './basic-info';
import { businessScore } from './business';
import { financialMetrics } from './metrics';
import { weeklyCloses } from './valuation/reference';

const SOURCE_TEXT: Record<MarketData['source'], string> = { snapshot: '內置市場數據快照', yahoo: 'Yahoo Finance' };

/** The score parts with their maxima and labels, in the order the page lists them. */
function parts<K extends string>(points: Record<K, number>, meta: Record<K, { label: string; max: number }>): ScorePart[] {
  return (Object.keys(meta) as K[]).map((id) => ({ id, label: meta[id].label, points: points[id], max: meta[id].max }));
}

/**
 * What the report's charts are drawn from (issue 15): the weekly closes of the bundled price
 * history (at most 260 weeks, window and source named; none when the stock has no bundled
 * history), the 52-week range as the data gives it, each model's and the blend's range beside
 * the price (the football field), the stock's multiples against its named peers', and the
 * parts of both scores.
 */
export function reportCharts(data: MarketData, basic: BasicInfo, valuation: ValuationResult): ReportCharts {
  // The provider's own history (Yahoo, live) before the bundled one.
  const closes = data.priceHistory?.weekly ?? weeklyCloses(data.symbol);
  const first = closes[0];
  const last = closes[closes.length - 1];
  const valuationRanges: ReportCharts['valuationRanges'] = valuation.models
    .filter((m) => !m.skipped && m.value !== null && m.range)
    .map((m) => ({ id: m.id, name: m.name, range: m.range!, inBlend: (m.role ?? 'blend') === 'blend' }));
  const screen = valuation.models.find((m) => m.role === 'screen' && !m.skipped && m.value !== null);
  if (screen && !valuationRanges.some((r) => r.id === screen.id)) {
    valuationRanges.push({
      id: screen.id,
      name: screen.name,
      range: { low: screen.value!, base: screen.value!, high: screen.value! },
      inBlend: false,
    });
  }
  if (valuation.range) valuationRanges.push({ id: 'blend', name: '合理價值（綜合）', range: valuation.range, inBlend: true });
  const metrics = financialMetrics(data);
  return {
    priceHistory:
      first && last
        ? {
            interval: 'weekly',
            from: first.date,
            to: last.date,
            currency: data.currency,
            source:
              data.priceHistory?.source ??
              `每週最後一個交易日的經調整收市價（${first.date} 至 ${last.date}），由 Yahoo Finance 的每日股價重新取樣；並非最新股價`,
            points: closes,
          }
        : null,
    range52Week:
      data.high52Week !== null && data.low52Week !== null
        ? {
            low: data.low52Week,
            high: data.high52Week,
            asOf: data.asOf,
            source: `${SOURCE_TEXT[data.source]}${data.asOf ? `（截至 ${data.asOf}）` : ''}`,
          }
        : null,
    valuationRanges,
    price: basic.currentPrice === null ? null : { value: basic.currentPrice, asOf: data.asOf },
    peerMultiples: valuation.models.flatMap((m) => m.peers ?? []),
    businessScoreParts: parts(businessScore(metrics).parts, {
      profitability: { label: '盈利能力', max: 30 },
      returns: { label: '股東回報', max: 25 },
      balanceSheet: { label: '資產負債', max: 20 },
      cashConversion: { label: '現金轉化', max: 15 },
      scale: { label: '規模', max: 10 },
    }),
    basicScoreParts: parts(basicScore(data).parts, {
      valuation: { label: '估值', max: 35 },
      income: { label: '股息', max: 15 },
      size: { label: '規模', max: 25 },
      profitability: { label: '盈利能力', max: 25 },
    }),
  };
}

import { priceLabel, priceReference, priceTiming } from '../report/as-of';
import { money } from '../report/format';
import { RECOMMENDATION_TEXT, RISK_TEXT } from '../report/labels';
import { builtInBusinessNarrative } from './built-in-business';
import type { Analyst, SummaryBrief } from './types';

/**
 * The summary from the figures: valuation verdict, business score, risk, the reader's own
 * advice, and the data date. A price older than a few days is named as the close of its date,
 * never "現價" (report/as-of.ts).
 */
export function builtInSummary({ data, valuation, business, suggestions, now = new Date() }: SummaryBrief): string {
  const name = data.companyNameZh ?? data.companyName;
  const timing = priceTiming(data.asOf, now);
  const price = `${priceLabel(timing)} ${money(data.price, data.currency)}`;
  const sentences: string[] = [];
  if (valuation.fairValue === null) {
    sentences.push(`${name}（${data.symbol}）${price}；現有數據不足以建立任何估值模型，因此未有合理價值及目標價，評級暫列「持有」。`);
  } else {
    const gap =
      valuation.upside === null
        ? ''
        : valuation.upside >= 0
          ? `，較${priceReference(timing)}有約 ${valuation.upside}% 上升空間`
          : `，${priceReference(timing)}較合理價值高約 ${-valuation.upside}%`;
    sentences.push(
      `${name}（${data.symbol}）${price}，按${valuation.method}估算的合理價值約 ${money(valuation.fairValue, data.currency)}${gap}，12 個月目標價 ${money(valuation.targetPrice, data.currency)}。`,
    );
    sentences.push(`整體評級為「${RECOMMENDATION_TEXT[valuation.recommendation]}」，估值信心度 ${valuation.confidence}%。`);
  }
  sentences.push(
    `業務評分 ${business.score}/100，風險等級${RISK_TEXT[valuation.riskLevel]}${valuation.riskFactors?.length ? `（${valuation.riskFactors.join('；')}）` : ''}。`,
  );
  const own = suggestions.byInvestorType.find((a) => a.highlighted);
  if (own) sentences.push(`對${own.label}投資者，建議「${own.actionText}」，持倉約佔投資組合 ${own.positionSizePercent}%。`);
  sentences.push(
    timing.stale
      ? `以上分析根據截至 ${data.asOf ?? '不詳日期'} 的數據快照計算，並非即時股價，僅供參考，並不構成投資建議。`
      : `以上分析根據截至 ${data.asOf} 的數據計算，僅供參考，並不構成投資建議。`,
  );
  return sentences.join('');
}

/** Deterministic Traditional Chinese text from the computed figures; never fails, needs nothing. */
export function builtInAnalyst(): Analyst {
  return {
    name: 'built-in',
    async businessNarrative(brief) {
      return { value: builtInBusinessNarrative(brief), writtenBy: 'built-in' };
    },
    async summary(brief) {
      return { value: builtInSummary(brief), writtenBy: 'built-in' };
    },
  };
}

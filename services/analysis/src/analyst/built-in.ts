import { priceLabel, priceReference, priceTiming } from '../report/as-of';
import { money, round } from '../report/format';
import { RECOMMENDATION_TEXT, RISK_TEXT } from '../report/labels';
import { builtInBusinessNarrative } from './built-in-business';
import type { Analyst, SummaryBrief } from './types';

const UNCERTAINTY_TEXT = { low: '低', medium: '中', high: '高', very_high: '極高' } as const;

/** The model that weighs most in the blend, and what its value rests on, in words. */
function driverText(valuation: SummaryBrief['valuation'], currency: string): string | null {
  const main = [...valuation.models].filter((m) => !m.skipped && m.value !== null && m.weight > 0).sort((a, b) => b.weight - a.weight)[0];
  if (!main) return null;
  const i = main.inputs;
  const pct = (v: unknown) => (typeof v === 'number' ? `${round(v * 100, 1)}%` : '不詳');
  const rests =
    main.id === 'dcf'
      ? `首年增長 ${pct(i.firstYearGrowth)}、折現率 ${pct(i.discountRate)}`
      : main.id === 'residual_income'
        ? `ROE ${pct(i.roe)} 對股權成本 ${pct(i.costOfEquity)}`
        : main.id === 'relative' || main.id === 'ev_sales'
          ? `同業倍數（${(main.peers ?? []).map((p) => `${p.label}中位數 ${p.median}`).join('、')}）`
          : main.id === 'dividend_discount'
            ? `股息增長 ${pct(i.dividendGrowth)}、折現率 ${pct(i.discountRate)}`
            : null;
  return `合理價值主要由${main.name}（權重 ${round(main.weight * 100, 0)}%，估值 ${money(main.value, currency)}）帶動${rests ? `，取決於${rests}` : ''}`;
}

/**
 * The summary from the figures: the verdict with its range and uncertainty, what drives the
 * fair value and what would change the call, the risk with its factors, the reader's own
 * advice, and the data date. A price older than a few days is named as the close of its date,
 * never "現價" (report/as-of.ts). Every number is the report's own.
 */
export function builtInSummary({ data, valuation, business, suggestions, now = new Date() }: SummaryBrief): string {
  const name = data.companyNameZh ?? data.companyName;
  const timing = priceTiming(data.asOf, now);
  const price = `${priceLabel(timing)} ${money(data.price, data.currency)}`;
  const sentences: string[] = [];
  const uncertainty = UNCERTAINTY_TEXT[valuation.uncertainty ?? 'very_high'];
  if (valuation.fairValue === null) {
    sentences.push(`${name}（${data.symbol}）${price}；現有數據不足以建立任何估值模型，因此未有合理價值及目標價。`);
  } else {
    // The upside itself, in both directions: the one percentage the report shows.
    const gap =
      valuation.upside === null
        ? ''
        : valuation.upside >= 0
          ? `，較${priceReference(timing)}有約 ${valuation.upside}% 上升空間`
          : `，較${priceReference(timing)}低約 ${-valuation.upside}%`;
    const range = valuation.range
      ? `（區間 ${money(valuation.range.low, data.currency)} 至 ${money(valuation.range.high, data.currency)}）`
      : '';
    sentences.push(
      `${name}（${data.symbol}）${price}，按${valuation.method}估算的合理價值約 ${money(valuation.fairValue, data.currency)}${range}${gap}，估值不確定性${uncertainty}。`,
    );
    const driver = driverText(valuation, data.currency);
    if (driver) sentences.push(`${driver}。`);
  }
  if (valuation.recommendation === 'unrated') {
    sentences.push(`報告不予評級：${valuation.recommendationNote ?? '數據不足'}。`);
  } else {
    const bands = valuation.callPrices
      ? `在此不確定性下，股價低於 ${money(valuation.callPrices.buyBelow, data.currency)} 才屬「買入」，高於 ${money(valuation.callPrices.sellAbove, data.currency)} 則屬「賣出」，合理價值的主要假設改變亦會改變評級`
      : '合理價值的主要假設改變會改變評級';
    const note = valuation.recommendationNote ? `（${valuation.recommendationNote}）` : '';
    sentences.push(
      `整體評級為「${RECOMMENDATION_TEXT[valuation.recommendation]}」${note}，估值信心度 ${valuation.confidence}%，12 個月目標價 ${money(valuation.targetPrice, data.currency)}；${bands}。`,
    );
  }
  const factors = (valuation.riskAssessment ?? []).filter((f) => f.level === 'high' || f.level === 'unknown').map((f) => f.text);
  sentences.push(
    `業務評分 ${business.score}/100，風險等級${RISK_TEXT[valuation.riskLevel]}${factors.length ? `（${factors.join('；')}）` : ''}。`,
  );
  const own = suggestions.byInvestorType.find((a) => a.highlighted);
  if (own) {
    const tailored = own.preferencesNote ? '（已按您的投資偏好調整）' : '';
    // A zero position is said as such: "建議「持有」，持倉約佔 0%" would contradict itself (ADR 0054).
    sentences.push(
      own.positionSizePercent > 0
        ? `對${own.label}投資者${tailored}，建議「${own.actionText}」，持倉約佔投資組合 ${own.positionSizePercent}%。`
        : own.action === 'avoid'
          ? `對${own.label}投資者${tailored}，此股「${own.actionText}」，如已持有宜逐步減持至零。`
          : `對${own.label}投資者${tailored}，建議「${own.actionText}」，不宜持有此股。`,
    );
  }
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

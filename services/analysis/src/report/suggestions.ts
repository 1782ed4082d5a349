import { RISK_PROFILES, type RiskProfileId } from '@stockai/contracts';
import type { InvestorAdvice, Recommendation, ReportInput, RiskRating, BusinessAnalysis, Suggestions, ValuationResult } from './types';
import { clamp, round } from './format';
import { RECOMMENDATION_TEXT, RISK_TEXT } from './labels';

const TYPES: RiskProfileId[] = ['conservative', 'stable', 'growth', 'aggressive'];
const SCALE: Recommendation[] = ['strong_sell', 'sell', 'hold', 'buy', 'strong_buy'];

/**
 * The most bullish call each type gets at each risk level: a conservative investor is never
 * told "strong buy" and holds at most a high-risk stock; an aggressive one takes the
 * valuation's call as it is.
 */
const MOST_BULLISH: Record<RiskProfileId, Record<RiskRating, Recommendation>> = {
  conservative: { low: 'buy', medium: 'buy', high: 'hold', unknown: 'hold' },
  stable: { low: 'strong_buy', medium: 'buy', high: 'hold', unknown: 'hold' },
  growth: { low: 'strong_buy', medium: 'strong_buy', high: 'buy', unknown: 'hold' },
  aggressive: { low: 'strong_buy', medium: 'strong_buy', high: 'strong_buy', unknown: 'buy' },
};

const HORIZON: Record<RiskProfileId, string> = {
  conservative: '3 年以上長線持有',
  stable: '2 至 3 年中長線持有',
  growth: '1 至 3 年，按業績定期檢視',
  aggressive: '6 至 12 個月，密切留意股價及消息',
};

/** Smaller positions the riskier the stock. */
const RISK_SCALE: Record<RiskRating, number> = { low: 1, medium: 0.75, high: 0.5, unknown: 0.5 };

/**
 * The most of the whole portfolio one stock should take, percent, per type: diversification
 * within the type's stock allocation (a cautious investor spreads 0–30 % over twenty stocks
 * or more, an aggressive one 70–100 % over five or more).
 */
export const SINGLE_STOCK_LIMIT: Record<RiskProfileId, number> = { conservative: 5, stable: 8, growth: 12, aggressive: 20 };

/** The type's stock range from the questionnaire's profiles ("30-50%" → [30, 50]). */
export function stockRange(type: RiskProfileId): [number, number] {
  const [low, high] = RISK_PROFILES[type].stockAllocation.replace('%', '').split('-').map(Number);
  return [low ?? 0, high ?? 100];
}

export function actionFor(type: RiskProfileId, valuation: ValuationResult): Recommendation {
  const cap = SCALE.indexOf(MOST_BULLISH[type][valuation.riskLevel]);
  const call = valuation.recommendation === 'unrated' ? 'hold' : valuation.recommendation;
  return SCALE[Math.min(SCALE.indexOf(call), cap)] as Recommendation;
}

/** The largest weight one stock may take for the type: its single-stock limit, never above its stock range. */
export function fullPosition(type: RiskProfileId): number {
  return Math.min(SINGLE_STOCK_LIMIT[type], stockRange(type)[1]);
}

/**
 * This one stock's suggested weight in the whole portfolio, percent to one decimal. The
 * spec's "a position size inside that type's stock range" reads as: the position lives inside
 * the type's equity allocation (保守型 0–30 %, 穩健型 30–50 %, 成長型 50–70 %, 進取型
 * 70–100 %), which the advice shows as context — never the whole allocation in one stock.
 * With the full position L = min(single-stock limit, range's upper bound) and the risk scale
 * s (low 1, medium 0.75, high 0.5):
 * - sell calls: 0 — hold none of it;
 * - hold: L × 0.5 × s — do not add, keep at most half a position;
 * - buy calls: L × conviction × confidence % × s, where conviction = upside ÷ 25, bounded to
 *   0.4–1 (25 % upside or more is full conviction).
 */
export function positionSize(type: RiskProfileId, action: Recommendation, valuation: ValuationResult): number {
  const full = fullPosition(type) * RISK_SCALE[valuation.riskLevel];
  if (action === 'sell' || action === 'strong_sell') return 0;
  if (action === 'hold') return round(full * 0.5, 1);
  const conviction = clamp((valuation.upside ?? 0) / 25, 0.4, 1);
  return round((full * conviction * valuation.confidence) / 100, 1);
}

const ACTION_ADVICE: Record<Recommendation, string> = {
  strong_buy: '可分段建立持倉',
  buy: '可分段建立持倉',
  hold: '不宜加碼，持倉不超過上限的一半',
  sell: '建議減持至零',
  strong_sell: '建議沽出全部持倉',
};

function keyRisks(type: RiskProfileId, input: ReportInput, valuation: ValuationResult): string[] {
  const { data } = input;
  const risks = [...(valuation.riskFactors ?? [])];
  if (valuation.upside !== null && valuation.upside < 0) risks.push('股價高於估算的合理價值，存在估值回落風險');
  if (valuation.confidence < 50) risks.push('各估值模型結果分歧或數據不全，合理價值的不確定性較高');
  if (data.reportingCurrency && data.reportingCurrency !== data.currency)
    risks.push(`公司以 ${data.reportingCurrency} 報告業績，匯率變動會影響盈利換算`);
  if ((type === 'conservative' || type === 'stable') && !(data.dividendPerShare && data.dividendPerShare > 0))
    risks.push('沒有股息收入，回報完全取決於股價表現');
  if (type === 'aggressive' || type === 'growth') risks.push('集中持有單一股票會放大組合的波動');
  risks.push('大市及宏觀經濟變化');
  return risks.slice(0, 4);
}

function rationale(
  type: RiskProfileId,
  action: Recommendation,
  size: number,
  valuation: ValuationResult,
  business: BusinessAnalysis,
): string {
  const profile = RISK_PROFILES[type];
  const [low, high] = stockRange(type);
  const value =
    valuation.upside === null
      ? '未有可靠的合理價值或股價'
      : valuation.upside >= 0
        ? `估值顯示約 ${valuation.upside}% 上升空間`
        : `股價較合理價值高約 ${-valuation.upside}%`;
  const capped =
    action !== valuation.recommendation
      ? `，考慮到風險等級${RISK_TEXT[valuation.riskLevel]}，評級由「${RECOMMENDATION_TEXT[valuation.recommendation]}」調整為「${RECOMMENDATION_TEXT[action]}」`
      : '';
  return (
    `${profile.name}投資者的股票配置建議為組合的 ${low}–${high}%，單一股票不宜超過組合的 ${fullPosition(type)}%。` +
    `${value}，業務評分 ${business.score}/100${capped}；${ACTION_ADVICE[action]}，${size > 0 ? `此股建議佔組合約 ${size}%` : '不建議持有此股'}。`
  );
}

/**
 * Stage 80: advice for each investor type, the user's own type first and highlighted, then
 * the others from the most cautious.
 */
export function adviseInvestors(input: ReportInput, valuation: ValuationResult, business: BusinessAnalysis): Suggestions {
  const own = input.investorType;
  const order = own ? [own, ...TYPES.filter((t) => t !== own)] : TYPES;
  const byInvestorType = order.map((type): InvestorAdvice => {
    const action = actionFor(type, valuation);
    const size = positionSize(type, action, valuation);
    return {
      investorType: type,
      label: RISK_PROFILES[type].name,
      action,
      actionText: RECOMMENDATION_TEXT[action],
      positionSizePercent: size,
      stockAllocationRange: stockRange(type),
      horizon: HORIZON[type],
      keyRisks: keyRisks(type, input, valuation),
      rationale: rationale(type, action, size, valuation, business),
      highlighted: type === own,
    };
  });
  return { userType: own, byInvestorType };
}

import { RISK_PROFILES, type RiskProfileId } from '@stockai/contracts';
import type { InvestorAdvice, Recommendation, ReportInput, RiskLevel, BusinessAnalysis, Suggestions, ValuationResult } from './types';
import { clamp } from './format';
import { RECOMMENDATION_TEXT, RISK_TEXT } from './labels';

const TYPES: RiskProfileId[] = ['conservative', 'stable', 'growth', 'aggressive'];
const SCALE: Recommendation[] = ['strong_sell', 'sell', 'hold', 'buy', 'strong_buy'];

/**
 * The most bullish call each type gets at each risk level: a conservative investor is never
 * told "strong buy" and holds at most a high-risk stock; an aggressive one takes the
 * valuation's call as it is.
 */
const MOST_BULLISH: Record<RiskProfileId, Record<RiskLevel, Recommendation>> = {
  conservative: { low: 'buy', medium: 'buy', high: 'hold' },
  stable: { low: 'strong_buy', medium: 'buy', high: 'hold' },
  growth: { low: 'strong_buy', medium: 'strong_buy', high: 'buy' },
  aggressive: { low: 'strong_buy', medium: 'strong_buy', high: 'strong_buy' },
};

const HORIZON: Record<RiskProfileId, string> = {
  conservative: '3 年以上長線持有',
  stable: '2 至 3 年中長線持有',
  growth: '1 至 3 年，按業績定期檢視',
  aggressive: '6 至 12 個月，密切留意股價及消息',
};

/** Smaller positions the riskier the stock. */
const RISK_SCALE: Record<RiskLevel, number> = { low: 1, medium: 0.75, high: 0.5 };

/** The type's stock range from the questionnaire's profiles ("30-50%" → [30, 50]). */
export function stockRange(type: RiskProfileId): [number, number] {
  const [low, high] = RISK_PROFILES[type].stockAllocation.replace('%', '').split('-').map(Number);
  return [low ?? 0, high ?? 100];
}

export function actionFor(type: RiskProfileId, valuation: ValuationResult): Recommendation {
  const cap = SCALE.indexOf(MOST_BULLISH[type][valuation.riskLevel]);
  return SCALE[Math.min(SCALE.indexOf(valuation.recommendation), cap)] as Recommendation;
}

/**
 * The position inside the type's stock range (the spec's share of the portfolio in stocks):
 * low end + (high end − low end) × f, rounded to a whole percent, where f is
 * - for buy calls: (0.5 + upside ÷ 50), bounded to 0–1 (0 % upside → 0.5, 25 % or more → 1),
 * - for hold: 0.25,
 * - for sell calls: 0, the low end,
 * times the risk scale (low 1, medium 0.75, high 0.5).
 */
export function positionSize(type: RiskProfileId, action: Recommendation, valuation: ValuationResult): number {
  const [low, high] = stockRange(type);
  const base = action === 'buy' || action === 'strong_buy' ? clamp(0.5 + (valuation.upside ?? 0) / 50, 0, 1) : action === 'hold' ? 0.25 : 0;
  return Math.round(low + (high - low) * base * RISK_SCALE[valuation.riskLevel]);
}

function keyRisks(type: RiskProfileId, input: ReportInput, valuation: ValuationResult): string[] {
  const { data } = input;
  const risks = [...(valuation.riskFactors ?? [])];
  if (valuation.upside !== null && valuation.upside < 0) risks.push('股價高於估算的合理價值，存在估值回落風險');
  if (valuation.confidence < 50) risks.push('各估值模型結果分歧或數據不全，合理價值的不確定性較高');
  if (data.reportingCurrency && data.reportingCurrency !== data.currency) risks.push(`公司以 ${data.reportingCurrency} 報告業績，匯率變動會影響盈利換算`);
  if ((type === 'conservative' || type === 'stable') && !(data.dividendPerShare && data.dividendPerShare > 0)) risks.push('沒有股息收入，回報完全取決於股價表現');
  if (type === 'aggressive' || type === 'growth') risks.push('集中持有單一股票會放大組合的波動');
  risks.push('大市及宏觀經濟變化');
  return risks.slice(0, 4);
}

function rationale(type: RiskProfileId, action: Recommendation, size: number, valuation: ValuationResult, business: BusinessAnalysis): string {
  const profile = RISK_PROFILES[type];
  const value =
    valuation.upside === null ? '未有可靠的合理價值' : valuation.upside >= 0 ? `估值顯示約 ${valuation.upside}% 上升空間` : `股價較合理價值高約 ${-valuation.upside}%`;
  const capped = action !== valuation.recommendation ? `，考慮到風險等級${RISK_TEXT[valuation.riskLevel]}，評級由「${RECOMMENDATION_TEXT[valuation.recommendation]}」調整為「${RECOMMENDATION_TEXT[action]}」` : '';
  return `${profile.name}投資者的股票配置建議為組合的 ${profile.stockAllocation}。${value}，業務評分 ${business.score}/100${capped}，建議持倉約佔組合 ${size}%。`;
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
      horizon: HORIZON[type],
      keyRisks: keyRisks(type, input, valuation),
      rationale: rationale(type, action, size, valuation, business),
      highlighted: type === own,
    };
  });
  return { userType: own, byInvestorType };
}

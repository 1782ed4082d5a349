import { RISK_PROFILES, type RiskProfileId } from '@stockai/contracts';
import type {
  InvestorAction,
  InvestorAdvice,
  Recommendation,
  ReportInput,
  RiskRating,
  Uncertainty,
  BusinessAnalysis,
  Suggestions,
  ValuationResult,
} from './types';
import { clamp, round } from './format';
import { ACTION_TEXT, RECOMMENDATION_TEXT, RISK_TEXT } from './labels';
import { HORIZON_TEXT, preferencesNote, tailorToPreferences } from './preferences';

const TYPES: RiskProfileId[] = ['conservative', 'stable', 'growth', 'aggressive'];
const SCALE: Recommendation[] = ['strong_sell', 'sell', 'hold', 'buy', 'strong_buy'];

/**
 * Each type's risk budget: the riskiest stock (risk level) and the widest fair-value range
 * (uncertainty) it may be told to buy. A conservative investor buys only low- or medium-risk
 * stocks whose value is known within a medium range; an aggressive one anything whose risk is
 * known. Beyond the budget the call is at most "hold" (never a buy).
 */
const BUY_BUDGET: Record<RiskProfileId, { risk: RiskRating[]; uncertainty: Uncertainty[] }> = {
  conservative: { risk: ['low', 'medium'], uncertainty: ['low', 'medium'] },
  stable: { risk: ['low', 'medium'], uncertainty: ['low', 'medium', 'high'] },
  growth: { risk: ['low', 'medium', 'high'], uncertainty: ['low', 'medium', 'high'] },
  aggressive: { risk: ['low', 'medium', 'high'], uncertainty: ['low', 'medium', 'high', 'very_high'] },
};

/** The riskiest stock a type should hold at all: above it the advice is to hold none (size 0, action `avoid`). */
const HOLD_BUDGET: Record<RiskProfileId, RiskRating[]> = {
  conservative: ['low', 'medium'],
  stable: ['low', 'medium', 'high'],
  growth: ['low', 'medium', 'high', 'unknown'],
  aggressive: ['low', 'medium', 'high', 'unknown'],
};

/** A cautious investor is never told "strong buy": the most emphatic call it gets is "buy". */
const MOST_BULLISH: Record<RiskProfileId, Recommendation> = {
  conservative: 'buy',
  stable: 'strong_buy',
  growth: 'strong_buy',
  aggressive: 'strong_buy',
};

const HORIZON: Record<RiskProfileId, string> = {
  conservative: '3 年以上長線持有',
  stable: '2 至 3 年中長線持有',
  growth: '1 至 3 年，按業績定期檢視',
  aggressive: '6 至 12 個月，密切留意股價及消息',
};

/** Smaller positions the riskier the stock and the wider its fair-value range; the bolder types shrink less for uncertainty. */
const RISK_SCALE: Record<RiskRating, number> = { low: 1, medium: 0.75, high: 0.5, unknown: 0.5 };
const UNCERTAINTY_SCALE: Record<RiskProfileId, Record<Uncertainty, number>> = {
  conservative: { low: 1, medium: 0.8, high: 0.5, very_high: 0.3 },
  stable: { low: 1, medium: 0.8, high: 0.6, very_high: 0.4 },
  growth: { low: 1, medium: 0.9, high: 0.7, very_high: 0.5 },
  aggressive: { low: 1, medium: 1, high: 0.85, very_high: 0.7 },
};

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

/** Whether the stock lies outside what the type should hold at all. */
export function beyondBudget(type: RiskProfileId, valuation: ValuationResult): boolean {
  return !HOLD_BUDGET[type].includes(valuation.riskLevel);
}

const isSell = (action: InvestorAction) => action === 'sell' || action === 'strong_sell';

/**
 * The type's action: the report's call, capped at "hold" when the stock's risk or uncertainty
 * is beyond the type's buy budget, and at "buy" for a conservative investor. An unrated report
 * is a "hold" for everyone: nothing supports buying or selling. A stock beyond what the type
 * should hold at all is `avoid` (不建議持有) unless the call is a sell: never "hold" beside a
 * zero position.
 */
export function actionFor(type: RiskProfileId, valuation: ValuationResult): InvestorAction {
  const call = valuation.recommendation === 'unrated' ? 'hold' : valuation.recommendation;
  const budget = BUY_BUDGET[type];
  const withinBudget = budget.risk.includes(valuation.riskLevel) && budget.uncertainty.includes(valuation.uncertainty ?? 'very_high');
  const cap = withinBudget ? MOST_BULLISH[type] : 'hold';
  const capped = SCALE[Math.min(SCALE.indexOf(call), SCALE.indexOf(cap))] as Recommendation;
  return beyondBudget(type, valuation) && !isSell(capped) ? 'avoid' : capped;
}

/** The action that goes with a size: a zero position that is no sell is `avoid`, whatever made it zero. */
export function actionWithSize(action: InvestorAction, size: number): InvestorAction {
  return size === 0 && !isSell(action) ? 'avoid' : action;
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
 * With the full position L = min(single-stock limit, range's upper bound) × the risk scale
 * (low 1, medium 0.75, high or unknown 0.5) × the type's uncertainty scale (UNCERTAINTY_SCALE):
 * - sell calls and `avoid` (a stock riskier than the type should hold at all): 0 — hold none of it;
 * - hold: L × 0.5 — do not add, keep at most half a position;
 * - buy calls: L × (0.5 + 0.5 × conviction × confidence %), where conviction = upside ÷ 25,
 *   bounded to 0.4–1 (25 % upside or more is full conviction): never less than a hold's half
 *   position, the full one only for a sure, large upside.
 */
export function positionSize(type: RiskProfileId, action: InvestorAction, valuation: ValuationResult): number {
  const full = fullPosition(type) * RISK_SCALE[valuation.riskLevel] * UNCERTAINTY_SCALE[type][valuation.uncertainty ?? 'very_high'];
  if (isSell(action) || action === 'avoid' || beyondBudget(type, valuation)) return 0;
  if (action === 'hold') return round(full * 0.5, 1);
  const conviction = clamp((valuation.upside ?? 0) / 25, 0.4, 1);
  return round(full * (0.5 + (0.5 * conviction * valuation.confidence) / 100), 1);
}

const ACTION_ADVICE: Record<InvestorAction, string> = {
  strong_buy: '可分段建立持倉',
  buy: '可分段建立持倉',
  hold: '不宜加碼，持倉不超過上限的一半',
  avoid: '如已持有，宜逐步減持至零',
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

/**
 * The gap between the fair value and the price, always as the report's upside in %: "估值顯示約
 * 12.5% 上升空間" / "合理價值較股價低約 33.8%". A price premium (price ÷ fair value − 1) would be
 * a second, different percentage the report does not show.
 */
export function valueGapText(valuation: ValuationResult, reference = '股價'): string {
  if (valuation.upside === null || valuation.fairValue === null) return '未有可靠的合理價值或股價';
  if (valuation.upside >= 0) return `估值顯示約 ${valuation.upside}% 上升空間`;
  return `合理價值較${reference}低約 ${-valuation.upside}%`;
}

const UNCERTAINTY_TEXT: Record<Uncertainty, string> = { low: '低', medium: '中', high: '高', very_high: '極高' };

/** Why the type gets `budgetAction` (its risk budget against the report's call), then what to do: `action` and `size` after the user's preferences. */
function rationale(
  type: RiskProfileId,
  budgetAction: InvestorAction,
  advice: { action: InvestorAction; size: number },
  valuation: ValuationResult,
  business: BusinessAnalysis,
): string {
  const { action, size } = advice;
  const profile = RISK_PROFILES[type];
  const [low, high] = stockRange(type);
  const uncertainty = UNCERTAINTY_TEXT[valuation.uncertainty ?? 'very_high'];
  const why =
    valuation.recommendation === 'unrated'
      ? `報告不予評級（${valuation.recommendationNote ?? '數據不足'}），因此不作買賣建議`
      : beyondBudget(type, valuation)
        ? `風險等級${RISK_TEXT[valuation.riskLevel]}，超出${profile.name}投資者可承受的範圍`
        : budgetAction !== valuation.recommendation
          ? `風險等級${RISK_TEXT[valuation.riskLevel]}、估值不確定性${uncertainty}，超出${profile.name}投資者買入的風險預算，評級由「${RECOMMENDATION_TEXT[valuation.recommendation]}」調整為「${ACTION_TEXT[budgetAction]}」`
          : `風險等級${RISK_TEXT[valuation.riskLevel]}、估值不確定性${uncertainty}，在${profile.name}投資者的風險預算之內`;
  const todo = ACTION_ADVICE[action];
  const tailored = action !== budgetAction ? `；按您的投資偏好，建議調整為「${ACTION_TEXT[action]}」` : '';
  return (
    `${profile.name}投資者的股票配置建議為組合的 ${low}–${high}%，單一股票不宜超過組合的 ${fullPosition(type)}%。` +
    `${valueGapText(valuation)}，業務評分 ${business.score}/100；${why}${tailored}；${todo}，${size > 0 ? `此股建議佔組合約 ${size}%` : '不建議持有此股'}。`
  );
}

/**
 * Stage 80: advice for each investor type, the user's own type first and highlighted, then
 * the others from the most cautious. The user's own type is then tailored to their wizard
 * preferences (`preferences.ts`: only ever narrower than the type's risk budget), and its
 * `preferencesNote` says how, with the report's figures.
 */
export function adviseInvestors(input: ReportInput, valuation: ValuationResult, business: BusinessAnalysis): Suggestions {
  const own = input.investorType;
  const order = own ? [own, ...TYPES.filter((t) => t !== own)] : TYPES;
  const byInvestorType = order.map((type): InvestorAdvice => {
    const budgetSize = positionSize(type, actionFor(type, valuation), valuation);
    const budgetAction = actionWithSize(actionFor(type, valuation), budgetSize);
    const preferences = type === own ? input.preferences : null;
    const tailoring = preferences ? tailorToPreferences(preferences, budgetAction, input.data, valuation) : null;
    const size = tailoring ? round(positionSize(type, tailoring.action, valuation) * tailoring.keep, 1) : budgetSize;
    const action = actionWithSize(tailoring?.action ?? budgetAction, size);
    return {
      investorType: type,
      label: RISK_PROFILES[type].name,
      action,
      actionText: ACTION_TEXT[action],
      positionSizePercent: size,
      stockAllocationRange: stockRange(type),
      horizon: preferences?.horizon ? HORIZON_TEXT[preferences.horizon] : HORIZON[type],
      keyRisks: keyRisks(type, input, valuation),
      rationale: rationale(type, budgetAction, { action, size }, valuation, business),
      highlighted: type === own,
      preferencesNote:
        preferences && tailoring
          ? preferencesNote(preferences, { ...tailoring, action }, { action: budgetAction, size: budgetSize }, size)
          : null,
    };
  });
  return { userType: own, byInvestorType };
}

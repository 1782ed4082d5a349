import type { InvestmentGoal, InvestmentTerm, InvestorPreferences, PreferredSector } from '@stockai/contracts';
import type { MarketData } from '../market-data/types';
import type { InvestorAction, ValuationResult } from './types';
import { money, percent, round } from './format';
import { ACTION_TEXT, sectorText } from './labels';

/** The wizard's words for its choices, as the preference screens show them. */
const SECTOR_TEXT: Record<PreferredSector, string> = {
  tech: '科技',
  finance: '金融',
  healthcare: '醫療保健',
  consumer: '消費',
  energy: '能源',
  realestate: '房地產',
};
/** The user's own horizon, shown in place of the type's usual one. */
export const HORIZON_TEXT: Record<InvestmentTerm, string> = {
  short: '1 年以內（按您的投資偏好）',
  medium: '1 至 3 年（按您的投資偏好）',
  long: '3 年以上（按您的投資偏好）',
};
const GOAL_TEXT: Record<InvestmentGoal, string> = { wealth: '財富增值', income: '穩定收入', retirement: '退休規劃', shortterm: '短期獲利' };

/**
 * Our sectors (in their Traditional Chinese names, so the English names of either data source
 * and a Chinese one all map) as the wizard's six. Communication services count as tech: Hong
 * Kong readers group internet, media and telecoms as 科技、媒體及電訊 (TMT). Industrials,
 * materials and utilities are none of the six: such a stock lies outside any chosen sector.
 */
const WIZARD_SECTOR: Record<string, PreferredSector> = {
  資訊科技: 'tech',
  通訊服務: 'tech',
  金融: 'finance',
  醫療保健: 'healthcare',
  非必需消費品: 'consumer',
  必需消費品: 'consumer',
  能源: 'energy',
  地產: 'realestate',
};

/** The stock's sector as one of the wizard's six; null when it is none of them or unknown. */
export function wizardSector(sector: string | null): PreferredSector | null {
  if (sector === null) return null;
  return WIZARD_SECTOR[sectorText(sector) ?? sector] ?? null;
}

/** A dividend yield at or above this serves an income goal (about twice the S&P 500's ~1.3 %, near the Hang Seng's average). */
export const INCOME_YIELD = 0.03;

/**
 * How much of the position each preference keeps (only ever less: preferences narrow the risk
 * budget, never widen it): an income goal keeps ¾ of a stock paying no dividend, a retirement
 * goal ¾ of any stock (capital first), a short horizon ¾ (a gap to the fair value takes a year
 * or more to close, longer than the money is invested).
 */
const KEEP = { noDividendForIncome: 0.75, retirement: 0.75, shortHorizon: 0.75 };

export interface Tailoring {
  action: InvestorAction;
  /** The factor the type's position is multiplied by, 0–1. */
  keep: number;
  /** One sentence per preference that bears on the stock, each with the report's figure. */
  reasons: string[];
}

const isBuy = (action: InvestorAction) => action === 'buy' || action === 'strong_buy';
/** The type is to hold none (a sell or avoid): a note must not speak of a smaller position it does not have (ADR 0054). */
const holdsNone = (action: InvestorAction) => action === 'avoid' || action === 'sell' || action === 'strong_sell';

/** What makes the stock a poor fit for money needed within a year, with its figure; null when nothing does. */
function tooVolatileForShortHorizon(valuation: ValuationResult): string | null {
  const volatility = valuation.riskAssessment?.find((f) => f.id === 'volatility');
  if (volatility?.level === 'high' && typeof volatility.value === 'number')
    return volatility.text.includes('波幅') ? `的年化波幅 ${round(volatility.value * 100, 1)}%` : `的 β 值 ${volatility.value}`;
  if (valuation.uncertainty === 'high' || valuation.uncertainty === 'very_high')
    return `的合理價值不確定性${valuation.uncertainty === 'high' ? '高' : '極高'}（範圍 ${money(valuation.range?.low ?? null, valuation.currency)}–${money(valuation.range?.high ?? null, valuation.currency)}）`;
  if (valuation.riskLevel === 'high' || valuation.riskLevel === 'unknown')
    return valuation.riskLevel === 'high' ? '的風險等級高' : '的風險未能評估';
  return null;
}

function sectorReason(preferences: InvestorPreferences, data: MarketData): string | null {
  if (preferences.sectors.length === 0) return null;
  const chosen = preferences.sectors.map((s) => SECTOR_TEXT[s]).join('、');
  const own = wizardSector(data.sector);
  const name = sectorText(data.sector);
  if (own !== null && preferences.sectors.includes(own)) return `此股屬${name}板塊，在您偏好的行業（${chosen}）之內。`;
  if (name === null) return `此股的行業不詳，未能與您偏好的行業（${chosen}）比較。`;
  return `此股屬${name}板塊，不在您偏好的行業（${chosen}）之內：如持有，宜視作分散投資，並留意自己對此行業的了解。`;
}

function incomeReason(data: MarketData, none: boolean): { text: string; keep: number } {
  const yieldFraction = data.dividendYield ?? 0;
  const paying = yieldFraction > 0 && (data.dividendPerShare === null || data.dividendPerShare > 0);
  if (!paying) return { text: `此股沒有派息，不符合您穩定收入的目標${none ? '' : '，持倉宜較少'}。`, keep: KEEP.noDividendForIncome };
  const payout = data.eps !== null && data.eps > 0 && data.dividendPerShare !== null ? data.dividendPerShare / data.eps : null;
  const covered =
    payout !== null && payout > 1
      ? `；但派息比率 ${percent(payout, 0)}，高於盈利，股息未必可持續`
      : data.eps !== null && data.eps <= 0
        ? '；但公司正錄得虧損，股息未必可持續'
        : '';
  const level = yieldFraction >= INCOME_YIELD ? '有助達成您穩定收入的目標' : `低於 ${percent(INCOME_YIELD, 0)}，收息作用有限`;
  return { text: `股息率 ${percent(yieldFraction, 2)}，${level}${covered}。`, keep: 1 };
}

/**
 * How the user's wizard preferences bear on the advice of their own type, starting from the
 * type's action within its risk budget. Preferences only narrow it: a short horizon (the
 * wizard's term, or a short-term goal) turns a buy into a hold when the stock is volatile, its
 * fair value very uncertain or its risk high or unknown, and keeps less of any other buy; a
 * retirement goal keeps less and buys nothing of high or unknown risk; an income goal keeps
 * less of a stock that pays no dividend. Sectors and a wealth goal change nothing but are
 * said, with the report's figures, so the reader sees their choices were read. A sell stays a
 * sell: no preference makes an overvalued stock worth holding.
 */
export function tailorToPreferences(
  preferences: InvestorPreferences,
  budgetAction: InvestorAction,
  data: MarketData,
  valuation: ValuationResult,
): Tailoring {
  let action = budgetAction;
  let keep = 1;
  const reasons: string[] = [];
  const sector = sectorReason(preferences, data);
  if (sector) reasons.push(sector);

  const short = preferences.horizon === 'short' || preferences.goals.includes('shortterm');
  if (short) {
    const why = preferences.horizon === 'short' ? '您的投資期在 1 年以內' : '您以短期獲利為目標';
    const volatile = tooVolatileForShortHorizon(valuation);
    if (isBuy(action) || action === 'hold') keep *= KEEP.shortHorizon;
    if (volatile && isBuy(action)) {
      action = 'hold';
      reasons.push(`${why}，而此股${volatile}，股價短期內可能遠離合理價值，因此不建議買入。`);
    } else if (volatile) {
      reasons.push(`${why}，而此股${volatile}，短期股價可能大幅波動，${holdsNone(action) ? '亦不宜持有' : '持倉宜較少'}。`);
    } else if (isBuy(action) || action === 'hold') {
      reasons.push(`${why}，股價向合理價值回歸往往需時 1 年以上，持倉宜較少。`);
    }
  } else if (preferences.horizon === 'long' && valuation.upside !== null && valuation.recommendation !== 'unrated') {
    reasons.push(`您的投資期在 3 年以上，有時間等待股價向合理價值回歸，短期波動影響較小。`);
  }

  if (preferences.goals.includes('retirement')) {
    const risky = valuation.riskLevel === 'high' || valuation.riskLevel === 'unknown';
    if (risky && isBuy(action)) action = 'hold';
    keep *= KEEP.retirement;
    const rest = holdsNone(action) ? '亦不宜持有' : risky ? '不宜買入，持倉宜較少' : '持倉宜較少';
    reasons.push(
      risky
        ? `您以退休規劃為目標，此股風險${valuation.riskLevel === 'high' ? '高' : '未能評估'}，${rest}。`
        : `您以退休規劃為目標，保本為先，${rest}。`,
    );
  }
  if (preferences.goals.includes('income')) {
    const income = incomeReason(data, holdsNone(action));
    keep *= income.keep;
    reasons.push(income.text);
  }
  if (preferences.goals.includes('wealth') && valuation.upside !== null && valuation.recommendation !== 'unrated') {
    reasons.push(
      valuation.upside >= 0
        ? `以財富增值為目標：估值顯示約 ${valuation.upside}% 上升空間。`
        : `以財富增值為目標：股價已高於估算的合理價值，增值空間有限。`,
    );
  }
  return { action, keep, reasons };
}

/** The note the user's own advice carries: what was read, what it changed (from the type's advice to this one). */
export function preferencesNote(
  preferences: InvestorPreferences,
  tailoring: Tailoring,
  before: { action: InvestorAction; size: number },
  size: number,
): string {
  const read = [
    preferences.horizon && `投資期${{ short: '短期', medium: '中期', long: '長期' }[preferences.horizon]}`,
    preferences.goals.length > 0 && `目標${preferences.goals.map((g) => GOAL_TEXT[g]).join('、')}`,
    preferences.sectors.length > 0 && `偏好行業${preferences.sectors.map((s) => SECTOR_TEXT[s]).join('、')}`,
  ].filter(Boolean);
  const changed =
    tailoring.action !== before.action
      ? `因此建議由「${ACTION_TEXT[before.action]}」調整為「${ACTION_TEXT[tailoring.action]}」，持倉由 ${before.size}% 調整為 ${size}%。`
      : size !== before.size
        ? `因此此股持倉由 ${before.size}% 減至 ${size}%。`
        : '您的偏好不改變此建議。';
  return `按您的投資偏好（${read.join('；')}）：${tailoring.reasons.join('')}${changed}`;
}

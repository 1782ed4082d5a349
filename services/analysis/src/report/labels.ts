import type { Market } from '../market-data/types';
import type { InvestorAction, Rating, RiskRating } from './types';

/** The words the report uses for its codes, in Traditional Chinese. */
export const RECOMMENDATION_TEXT: Record<Rating, string> = {
  strong_buy: '強烈買入',
  buy: '買入',
  hold: '持有',
  sell: '賣出',
  strong_sell: '強烈賣出',
  unrated: '不予評級',
};

/**
 * An investor type's action in words: the report's calls, and 不建議持有 for `avoid` — a stock
 * beyond what the type should hold at all. Not 觀望 ("wait and see"): that leaves a holder
 * unsure whether to keep the shares, and the advice is to keep none (ADR 0054).
 */
export const ACTION_TEXT: Record<InvestorAction, string> = {
  strong_buy: RECOMMENDATION_TEXT.strong_buy,
  buy: RECOMMENDATION_TEXT.buy,
  hold: RECOMMENDATION_TEXT.hold,
  sell: RECOMMENDATION_TEXT.sell,
  strong_sell: RECOMMENDATION_TEXT.strong_sell,
  avoid: '不建議持有',
};

export const RISK_TEXT: Record<RiskRating, string> = { low: '低', medium: '中', high: '高', unknown: '未能評估' };

export const MARKET_TEXT: Record<Market, string> = { HK: '香港', US: '美國' };

/** Yahoo Finance's sector names (which the bundled data uses too) in Traditional Chinese. */
const SECTOR_TEXT: Record<string, string> = {
  Technology: '資訊科技',
  'Information Technology': '資訊科技',
  'Communication Services': '通訊服務',
  'Consumer Cyclical': '非必需消費品',
  'Consumer Discretionary': '非必需消費品',
  'Consumer Defensive': '必需消費品',
  'Consumer Staples': '必需消費品',
  'Financial Services': '金融',
  Financials: '金融',
  Healthcare: '醫療保健',
  'Health Care': '醫療保健',
  Industrials: '工業',
  Energy: '能源',
  'Basic Materials': '原材料',
  Materials: '原材料',
  'Real Estate': '地產',
  Utilities: '公用事業',
};

/** The sector in Traditional Chinese; null when unknown or not translated (the text then leaves it out, never shows English). */
export function sectorText(sector: string | null): string | null {
  return sector === null ? null : (SECTOR_TEXT[sector] ?? null);
}

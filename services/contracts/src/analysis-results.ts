/**
 * The report of one analysis, as the analysis service stores and sends it and the web app
 * reads it: one definition for both sides (services/analysis/src/report builds it).
 */
import type { RiskProfileId } from './risk-questionnaire';

/**
 * The report of one analysis, shaped as spec/user-area.md section 3 "Results", plus the
 * `explain` section: every figure names its inputs, method and source. Numbers are computed
 * by code; text (Traditional Chinese) explains them.
 */
export interface AnalysisResults {
  basic: BasicInfo;
  valuation: ValuationResult;
  business: BusinessAnalysis;
  suggestions: Suggestions;
  summary: string;
  explain: Explanation[];
  /** When the market figures were taken and from where ("as of" for the page). */
  dataAsOf: string | null;
  dataSource: 'snapshot' | 'yahoo';
  notes: string[];
}

export interface BasicInfo {
  symbol: string;
  companyName: string;
  companyNameZh: string | null;
  industry: string | null;
  sector: string | null;
  currency: string;
  currentPrice: number | null;
  change: number | null;
  changePercent: number | null;
  marketCap: number | null;
  volume: number | null;
  peRatio: number | null;
  /** Percent, e.g. 0.85 for 0.85 %. */
  dividendYield: number | null;
  high52Week: number | null;
  low52Week: number | null;
  /** 0–100. */
  score: number;
}

export type Recommendation = 'strong_buy' | 'buy' | 'hold' | 'sell' | 'strong_sell';
export type RiskLevel = 'low' | 'medium' | 'high';

/** One valuation model's outcome: a per-share value, or skipped with the reason. */
export interface ValuationModel {
  id: 'dcf' | 'relative' | 'dividend_discount' | 'graham';
  name: string;
  /** Per-share fair value in the trading currency; null when skipped. */
  value: number | null;
  /** Weight in the blend (0 when skipped). */
  weight: number;
  skipped: boolean;
  /** Why it was skipped (Traditional Chinese), or null. */
  reason: string | null;
  /** The named inputs the value was computed from. */
  inputs: Record<string, number | string | null>;
  /** The method in words and formula. */
  method: string;
}

export interface ValuationResult {
  fairValue: number | null;
  targetPrice: number | null;
  /** Percent: 12.5 means the fair value is 12.5 % above the price. */
  upside: number | null;
  recommendation: Recommendation;
  /** Why the call is not taken from the upside (no price to compare with), in Traditional Chinese; absent otherwise. */
  recommendationNote?: string;
  /** 0–100 percent. */
  confidence: number;
  /** Names of the models used, e.g. "DCF、相對估值、格雷厄姆數". */
  method: string;
  riskLevel: RiskLevel;
  /** Why the risk level is what it is (Traditional Chinese), one line per factor found. */
  riskFactors?: string[];
  currency: string;
  models: ValuationModel[];
}

export interface BusinessAnalysis {
  primaryBusiness: string;
  /** 0–100. */
  score: number;
  competitiveAdvantage: string;
  marketPosition: string;
  growthProspects: string;
  financialHealth: string;
  managementQuality: string;
  /** Who wrote the text fields: the AI provider or the built-in analyst (the score is always computed). */
  writtenBy?: 'ai' | 'built-in';
}

export interface InvestorAdvice {
  investorType: RiskProfileId;
  /** 保守型, 穩健型, 成長型, 進取型. */
  label: string;
  action: Recommendation;
  actionText: string;
  /**
   * This one stock's suggested weight in the whole portfolio, percent: 0 for sell calls, never
   * above the type's single-stock limit nor its stock range's upper bound.
   */
  positionSizePercent: number;
  /** The type's equity allocation range, percent of the portfolio, e.g. [30, 50] for 穩健型: context for the position. */
  stockAllocationRange?: [number, number];
  horizon: string;
  keyRisks: string[];
  rationale: string;
  /** True for the user's own type. */
  highlighted: boolean;
}

export interface Suggestions {
  /** The user's own type, when known. */
  userType: RiskProfileId | null;
  /** The user's type first, then the others. */
  byInvestorType: InvestorAdvice[];
}

export interface Explanation {
  /** Which figure, e.g. "valuation.fairValue". */
  figure: string;
  value: number | string | null;
  method: string;
  inputs: Record<string, number | string | null>;
  source: string;
}

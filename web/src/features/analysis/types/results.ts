/**
 * The report of one analysis as the analysis service sends it (services/analysis/src/report/
 * types.ts, spec section 3 "Results"). The web app does not depend on the service package, so
 * the shape is repeated here; every field the page reads is optional-safe in the components.
 */
export type RiskProfileId = 'conservative' | 'stable' | 'growth' | 'aggressive';
export type Recommendation = 'strong_buy' | 'buy' | 'hold' | 'sell' | 'strong_sell';
export type RiskLevel = 'low' | 'medium' | 'high';

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

export interface ValuationModel {
  id: 'dcf' | 'relative' | 'dividend_discount' | 'graham';
  name: string;
  value: number | null;
  weight: number;
  skipped: boolean;
  reason: string | null;
  inputs: Record<string, number | string | null>;
  method: string;
}

export interface ValuationResult {
  fairValue: number | null;
  targetPrice: number | null;
  /** Percent above (or below, negative) the current price. */
  upside: number | null;
  recommendation: Recommendation;
  /** 0–100 percent. */
  confidence: number;
  method: string;
  riskLevel: RiskLevel;
  currency: string;
  models: ValuationModel[];
}

export interface BusinessAnalysis {
  primaryBusiness: string;
  score: number;
  competitiveAdvantage: string;
  marketPosition: string;
  growthProspects: string;
  financialHealth: string;
  managementQuality: string;
}

export interface InvestorAdvice {
  investorType: RiskProfileId;
  label: string;
  action: Recommendation;
  actionText: string;
  positionSizePercent: number;
  horizon: string;
  keyRisks: string[];
  rationale: string;
  highlighted: boolean;
}

export interface Suggestions {
  userType: RiskProfileId | null;
  byInvestorType: InvestorAdvice[];
}

export interface Explanation {
  figure: string;
  value: number | string | null;
  method: string;
  inputs: Record<string, number | string | null>;
  source: string;
}

export interface AnalysisResults {
  basic: BasicInfo;
  valuation: ValuationResult;
  business: BusinessAnalysis;
  suggestions: Suggestions;
  summary: string;
  explain: Explanation[];
  dataAsOf: string | null;
  dataSource: 'snapshot' | 'yahoo';
  notes: string[];
}

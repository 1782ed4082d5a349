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
  /**
   * Shown above the report when the price is older than 7 days (Traditional Chinese, names the
   * price's date); null when the price is recent. Absent in reports made before it existed.
   */
  priceBanner?: string | null;
  /** The figures the report's charts are drawn from (issue 15); absent in older reports. */
  charts?: ReportCharts;
  /** The AI provider's sources (Perplexity citations / search results) behind the text; empty with the built-in analyst. */
  sources?: Citation[];
}

/** One source the AI provider cited. */
export interface Citation {
  title: string | null;
  url: string;
  /** The site's host name, e.g. "www.reuters.com". */
  site: string;
  /** Publication or last-update date as the provider gave it (ISO date), or null. */
  date: string | null;
  /** Which text it supports: 'business' or 'summary'. */
  usedIn: 'business' | 'summary';
}

/** A low / base / high value: a model's value under its pessimistic, central and optimistic inputs. */
export interface ValueRange {
  low: number;
  base: number;
  high: number;
}

/** Everything the report's charts need, each series bounded and with its window and source named. */
export interface ReportCharts {
  /** Weekly closes (at most ~260 points), oldest first; null when no history is bundled or fetched. */
  priceHistory: PriceHistory | null;
  /** The 52-week range and where it comes from; null when unknown. */
  range52Week: { low: number; high: number; asOf: string | null; source: string } | null;
  /** The football field: each model's range, the blend's, and the price to compare with. */
  valuationRanges: {
    id: ValuationModel['id'] | 'blend';
    name: string;
    range: ValueRange;
    /** False for a screen shown beside the blend (the Graham number). */
    inBlend: boolean;
  }[];
  price: { value: number; asOf: string | null } | null;
  /** The stock's multiples against each named peer's (one entry per multiple the report compared). */
  peerMultiples: PeerMultipleComparison[];
  /** The business score's parts (points out of their maximum). */
  businessScoreParts: ScorePart[];
  /** The basic score's parts. */
  basicScoreParts: ScorePart[];
}

export interface PriceHistory {
  interval: 'weekly';
  /** First and last date of the series (ISO dates). */
  from: string;
  to: string;
  currency: string;
  /** Where the series comes from and how it was resampled (Traditional Chinese). */
  source: string;
  points: { date: string; close: number }[];
}

export interface ScorePart {
  id: string;
  /** Traditional Chinese label, e.g. 盈利能力. */
  label: string;
  points: number;
  max: number;
}

/** One multiple (P/E, P/B, EV/EBITDA, EV/Sales): the stock's own value against its named peers'. */
export interface PeerMultipleComparison {
  multiple: PeerMultipleId;
  label: string;
  stock: number | null;
  median: number | null;
  peers: PeerMultiple[];
  /** The peers' quartiles and extremes, shown beside the median (absent in older reports). */
  spread?: { low: number; high: number; min: number; max: number };
  /** Peers of the same group left out by the outlier rule (negative, or above the multiple's cap), with the reason. */
  excluded?: (PeerMultiple & { reason: string })[];
  /** Which group the peers came from, e.g. 同行業（Semiconductors）. */
  group?: string;
}

export type PeerMultipleId = 'pe' | 'pb' | 'ev_ebitda' | 'ev_sales';

/** A peer and its multiple. */
export interface PeerMultiple {
  symbol: string;
  name: string;
  value: number;
  /** Market capitalisation in US$, to show how similar in size the peer is. */
  marketCapUsd: number | null;
  /** The date of the price the peer's multiple is computed at (absent in older reports). */
  asOf?: string | null;
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
  /** The date of `currentPrice` (ISO date, or year-month for some bundled rows); absent in older reports. */
  priceAsOf?: string | null;
  /** Whole days from the price's date to the analysis; null when undated. */
  priceAgeDays?: number | null;
  /** Sector and industry in Traditional Chinese (GICS names as Hong Kong readers know them), null when not mapped. */
  sectorZh?: string | null;
  industryZh?: string | null;
}

export type Recommendation = 'strong_buy' | 'buy' | 'hold' | 'sell' | 'strong_sell';
/**
 * What one investor type is told to do: a recommendation, or `avoid` (不建議持有) when its
 * position is zero but the stock's call is no sell — the stock lies beyond what the type should
 * hold at all. "Hold" beside a zero position read as a contradiction (ADR 0054).
 */
export type InvestorAction = Recommendation | 'avoid';
/** The report's call: a recommendation, or `unrated` when the figures do not support one (recommendationNote says why). */
export type Rating = Recommendation | 'unrated';
export type RiskLevel = 'low' | 'medium' | 'high';
/** `unknown` when the inputs of the risk assessment are missing: never low by default. */
export type RiskRating = RiskLevel | 'unknown';
/** How wide the fair value's range is (Morningstar-style): from the models' dispersion and the data's quality and age. */
export type Uncertainty = 'low' | 'medium' | 'high' | 'very_high';

/** One factor of the risk rating, with the figure it was judged on. */
export interface RiskFactor {
  id: 'volatility' | 'leverage' | 'earnings' | 'valuation_uncertainty' | 'size';
  /** Traditional Chinese name, e.g. 股價波動. */
  label: string;
  /** The figure judged (beta, debt/equity, …), null when unknown. */
  value: number | string | null;
  level: RiskRating;
  /** Why, in Traditional Chinese. */
  text: string;
}

/** The cost of equity and its parts, each with its source. */
export interface DiscountRateBreakdown {
  /** CAPM: riskFree + beta × (equityRiskPremium + countryRiskPremium). */
  costOfEquity: number;
  /** Weighted average cost of capital, when the debt weight is known (FCFF DCF); null otherwise. */
  wacc: number | null;
  riskFree: number;
  riskFreeSource: string;
  equityRiskPremium: number;
  countryRiskPremium: number;
  premiumSource: string;
  beta: number;
  /** How beta was found: regression on price history (window named), or an industry table, Blume-adjusted. */
  betaSource: string;
}

/** One valuation model's outcome: a per-share value, or skipped with the reason. */
export interface ValuationModel {
  id: 'dcf' | 'relative' | 'dividend_discount' | 'graham' | 'residual_income' | 'ev_sales' | 'reverse_dcf';
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
  /** Low / base / high under the model's pessimistic and optimistic inputs; null when skipped. */
  range?: ValueRange | null;
  /**
   * 'blend': weighs in the fair value; 'screen': shown beside it and never blended (the Graham
   * number); 'check': tests the price rather than valuing (the reverse DCF's implied growth).
   */
  role?: 'blend' | 'screen' | 'check';
  /** The peers a relative model compared with, and their multiples. */
  peers?: PeerMultipleComparison[];
}

export interface ValuationResult {
  fairValue: number | null;
  targetPrice: number | null;
  /** Percent: 12.5 means the fair value is 12.5 % above the price. */
  upside: number | null;
  recommendation: Rating;
  /** Why the call is not taken from the upside (unrated, capped), in Traditional Chinese; absent otherwise. */
  recommendationNote?: string;
  /** The prices at which the fair value would make a buy (at or below) or a sell (at or above) under the report's uncertainty; absent when unrated. */
  callPrices?: { buyBelow: number; sellAbove: number };
  /** The blend's low / base / high; null without a fair value. Absent in older reports. */
  range?: ValueRange | null;
  uncertainty?: Uncertainty;
  /** Which set of models fits the company: banks, insurers, loss-makers, others. */
  companyKind?: 'bank' | 'insurer' | 'loss_maker' | 'general';
  discountRate?: DiscountRateBreakdown | null;
  /** 0–100 percent. */
  confidence: number;
  /** Names of the models used, e.g. "DCF、相對估值、格雷厄姆數". */
  method: string;
  riskLevel: RiskRating;
  /** Why the risk level is what it is (Traditional Chinese), one line per factor found. */
  riskFactors?: string[];
  /** Each factor of the risk rating, judged on its figure. */
  riskAssessment?: RiskFactor[];
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
  /** The AI provider's sources behind these fields; absent with the built-in analyst. */
  sources?: Citation[];
}

export interface InvestorAdvice {
  investorType: RiskProfileId;
  /** 保守型, 穩健型, 成長型, 進取型. */
  label: string;
  /** Never `hold` or a buy with a zero position: that is `avoid`. */
  action: InvestorAction;
  actionText: string;
  /**
   * This one stock's suggested weight in the whole portfolio, percent: 0 for sell and avoid, never
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
  /** How the user's wizard preferences (sectors, horizon, goals) bear on this stock; only on the user's own type. */
  preferencesNote?: string | null;
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

import type { MarketData } from '../market-data/types';
import type { FinancialMetrics } from '../report/metrics';
import type { BasicInfo, BusinessAnalysis, Citation, Suggestions, ValuationResult } from '../report/types';

/** Which analysis a request to the analyst belongs to, for the AI request log. */
export interface AnalystContext {
  analysisId: string;
  userId: string;
  symbol: string;
}

/** The computed figures the business section is written from. */
export interface BusinessBrief {
  data: MarketData;
  metrics: FinancialMetrics;
  valuation: ValuationResult;
  /** The business score (0–100) computed from the metrics. */
  score: number;
  /** When the analysis runs: a price older than a few days is not called current (report/as-of.ts). Default: now. */
  now?: Date;
}

/** The text fields of the business section. */
export type BusinessNarrative = Omit<BusinessAnalysis, 'score' | 'writtenBy' | 'sources'>;

/** Everything the report says, for its summary. */
export interface SummaryBrief {
  data: MarketData;
  basic: BasicInfo;
  valuation: ValuationResult;
  business: BusinessAnalysis;
  suggestions: Suggestions;
  /** When the analysis runs (see BusinessBrief.now). Default: now. */
  now?: Date;
}

/** A piece of text and who wrote it: the AI provider (model named) or the built-in analyst. */
export interface Written<T> {
  value: T;
  writtenBy: 'ai' | 'built-in';
  /** The AI model, when the AI wrote it. */
  model?: string;
  /** The provider's sources (Perplexity's citations / search results), when it gave any. */
  sources?: Citation[];
}

/**
 * Writes the report's words; the numbers are never its business. The built-in analyst writes
 * deterministic text from the figures; the AI analyst asks a chat model and falls back to
 * the built-in text whenever the model cannot answer.
 */
export interface Analyst {
  /** 'built-in', or the AI model's name. */
  readonly name: string;
  businessNarrative(brief: BusinessBrief, ctx: AnalystContext): Promise<Written<BusinessNarrative>>;
  summary(brief: SummaryBrief, ctx: AnalystContext): Promise<Written<string>>;
}

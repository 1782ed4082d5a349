import type { MarketData, SectorMedians } from '../market-data/types';
import type { AnalysisResults, BasicInfo, BusinessAnalysis, ReportInput, Suggestions, ValuationResult } from '../report/types';

/** Who an analysis is for, handed to the analyst so every AI request it logs names its analysis. */
export interface AnalysisContext {
  analysisId: string;
  userId: string;
  symbol: string;
}

type MaybePromise<T> = T | Promise<T>;

/**
 * What the pipeline needs from the universe, the market-data provider and the report engine,
 * one function per stage. `app.ts` builds it from the real modules; the pipeline stays a plain
 * sequence of stages that reads top-down.
 */
export interface AnalysisEngine {
  fetchMarketData(symbol: string): Promise<MarketData>;
  /**
   * Whether these figures may be reused by later analyses: not when the configured source
   * failed and a fallback answered (Yahoo down, the snapshot stood in), or every analysis of the
   * symbol for the cache's lifetime would get the fallback's figures.
   */
  isCacheable(data: MarketData): boolean;
  sectorMedians(data: MarketData): Promise<SectorMedians | null>;
  basicInfo(data: MarketData): BasicInfo;
  valuationModels(input: ReportInput): ValuationResult;
  assessBusiness(input: ReportInput, valuation: ValuationResult, ctx: AnalysisContext): MaybePromise<BusinessAnalysis>;
  adviseInvestors(input: ReportInput, valuation: ValuationResult, business: BusinessAnalysis): MaybePromise<Suggestions>;
  mergeReport(
    input: ReportInput,
    parts: { basic: BasicInfo; valuation: ValuationResult; business: BusinessAnalysis; suggestions: Suggestions },
    ctx: AnalysisContext,
  ): MaybePromise<AnalysisResults>;
}

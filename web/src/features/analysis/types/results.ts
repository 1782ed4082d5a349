/**
 * The report of one analysis as the analysis service sends it (spec section 3 "Results"):
 * one definition, shared with the service through @stockai/contracts.
 */
export type {
  AnalysisResults,
  BasicInfo,
  BusinessAnalysis,
  Explanation,
  InvestorAdvice,
  Recommendation,
  RiskLevel,
  RiskProfileId,
  Suggestions,
  ValuationModel,
  ValuationResult,
} from '@stockai/contracts';

import type { InvestorPreferences, RiskProfileId } from '@stockai/contracts';
import type { MarketData, SectorMedians } from '../market-data/types';

/** The report's shape is shared with the web app: it lives in @stockai/contracts. */
export type {
  AnalysisResults,
  BasicInfo,
  BusinessAnalysis,
  Explanation,
  InvestorAction,
  InvestorAdvice,
  DiscountRateBreakdown,
  PeerMultipleComparison,
  PeerMultipleId,
  Rating,
  ReportCharts,
  Citation,
  ScorePart,
  PriceHistory,
  Recommendation,
  RiskFactor,
  RiskLevel,
  RiskRating,
  Uncertainty,
  ValueRange,
  Suggestions,
  ValuationModel,
  ValuationResult,
} from '@stockai/contracts';

/** What the stages of the pipeline receive: the collected figures and the sector's medians. */
export interface ReportInput {
  data: MarketData;
  medians: SectorMedians | null;
  /** The requesting user's investor type (from userProfile or the stored profile). */
  investorType: RiskProfileId | null;
  /** The user's wizard preferences (horizon, goals, sectors), which tailor the advice of their own type; absent or null when none. */
  preferences?: InvestorPreferences | null;
}

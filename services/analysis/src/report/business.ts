import type { Analyst, AnalystContext } from '../analyst';
import type { BusinessAnalysis, ReportInput, ValuationResult } from './types';
import { type FinancialMetrics, financialMetrics } from './metrics';

/** The business section's text fields, in the order the report shows them. */
export function narrativeTexts(business: Pick<BusinessAnalysis, keyof BusinessNarrativeFields>): string[] {
  return [
    business.primaryBusiness,
    business.competitiveAdvantage,
    business.marketPosition,
    business.growthProspects,
    business.financialHealth,
    business.managementQuality,
  ];
}

type BusinessNarrativeFields = Omit<BusinessAnalysis, 'score' | 'writtenBy' | 'sources'>;

export interface BusinessScore {
  score: number;
  parts: { profitability: number; returns: number; balanceSheet: number; cashConversion: number; scale: number };
}

/**
 * The business score, 0–100, in five parts:
 * - profitability 0–30 by net margin: ≥ 20 % → 30, ≥ 10 % → 22, ≥ 5 % → 15, > 0 → 8, losses → 0;
 * - returns 0–25 by ROE: ≥ 20 % → 25, ≥ 12 % → 18, ≥ 6 % → 10, > 0 → 5, else 0;
 * - balance sheet 0–20: net cash or debt/equity ≤ 0.5 → 20, ≤ 1 → 14, ≤ 2 → 8, above → 2, negative equity → 0;
 * - cash conversion 0–15 by free cash flow / net income: ≥ 1 → 15, ≥ 0.7 → 10, > 0 → 5, else 0;
 * - scale 0–10 by market cap in US$: ≥ 100 bn → 10, ≥ 10 bn → 8, ≥ 2 bn → 5, below → 2.
 * A part whose figures are unknown gets half its points.
 */
export function businessScore(metrics: FinancialMetrics): BusinessScore {
  const { netMargin: m, roe, debtToEquity: d2e, fcfConversion: fcf, marketCapUsd: cap } = metrics;
  const profitability = m === null ? 15 : m >= 0.2 ? 30 : m >= 0.1 ? 22 : m >= 0.05 ? 15 : m > 0 ? 8 : 0;
  const returns = roe === null ? 12.5 : roe >= 0.2 ? 25 : roe >= 0.12 ? 18 : roe >= 0.06 ? 10 : roe > 0 ? 5 : 0;
  const balanceSheet =
    metrics.equity !== null && metrics.equity <= 0
      ? 0
      : (metrics.netDebt !== null && metrics.netDebt <= 0) || (d2e !== null && d2e <= 0.5)
        ? 20
        : d2e === null
          ? 10
          : d2e <= 1
            ? 14
            : d2e <= 2
              ? 8
              : 2;
  const cashConversion = fcf === null ? 7.5 : fcf >= 1 ? 15 : fcf >= 0.7 ? 10 : fcf > 0 ? 5 : 0;
  const scale = cap === null ? 5 : cap >= 100e9 ? 10 : cap >= 10e9 ? 8 : cap >= 2e9 ? 5 : 2;
  const parts = { profitability, returns, balanceSheet, cashConversion, scale };
  return { score: Math.round(profitability + returns + balanceSheet + cashConversion + scale), parts };
}

/**
 * Stage 60: the business score from the figures, and the analyst's words about them. `now` is
 * when the analysis runs: the words date a price older than a few days (report/as-of.ts).
 */
export async function assessBusiness(
  input: ReportInput,
  valuation: ValuationResult,
  analyst: Analyst,
  ctx: AnalystContext,
  now: Date = new Date(),
): Promise<BusinessAnalysis> {
  const metrics = financialMetrics(input.data);
  const { score } = businessScore(metrics);
  const written = await analyst.businessNarrative({ data: input.data, metrics, valuation, score, now }, ctx);
  return { ...written.value, score, writtenBy: written.writtenBy, ...(written.sources?.length ? { sources: written.sources } : {}) };
}

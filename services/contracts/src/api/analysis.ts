import { z } from 'zod';
import type { AnalysisResults } from '../analysis-results';

const riskProfileId = z.enum(['conservative', 'stable', 'growth', 'aggressive']);
const recommendation = z.enum(['strong_buy', 'buy', 'hold', 'sell', 'strong_sell']);
const namedInputs = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));

const valuationModel = z.object({
  id: z.enum(['dcf', 'relative', 'dividend_discount', 'graham']),
  name: z.string(),
  value: z.number().nullable(),
  weight: z.number(),
  skipped: z.boolean(),
  reason: z.string().nullable(),
  inputs: namedInputs,
  method: z.string(),
});

const investorAdvice = z.object({
  investorType: riskProfileId,
  label: z.string(),
  action: recommendation,
  actionText: z.string(),
  positionSizePercent: z.number(),
  stockAllocationRange: z.tuple([z.number(), z.number()]).optional(),
  horizon: z.string(),
  keyRisks: z.array(z.string()),
  rationale: z.string(),
  highlighted: z.boolean(),
});

/** The report of a completed analysis (analysis-results.ts, which the engine builds). */
export const analysisResults = z
  .object({
    basic: z.object({
      symbol: z.string(),
      companyName: z.string(),
      companyNameZh: z.string().nullable(),
      industry: z.string().nullable(),
      sector: z.string().nullable(),
      currency: z.string(),
      currentPrice: z.number().nullable(),
      change: z.number().nullable(),
      changePercent: z.number().nullable(),
      marketCap: z.number().nullable(),
      volume: z.number().nullable(),
      peRatio: z.number().nullable(),
      dividendYield: z.number().nullable(),
      high52Week: z.number().nullable(),
      low52Week: z.number().nullable(),
      score: z.number(),
    }),
    valuation: z.object({
      fairValue: z.number().nullable(),
      targetPrice: z.number().nullable(),
      upside: z.number().nullable(),
      recommendation,
      recommendationNote: z.string().optional(),
      confidence: z.number(),
      method: z.string(),
      riskLevel: z.enum(['low', 'medium', 'high']),
      riskFactors: z.array(z.string()).optional(),
      currency: z.string(),
      models: z.array(valuationModel),
    }),
    business: z.object({
      primaryBusiness: z.string(),
      score: z.number(),
      competitiveAdvantage: z.string(),
      marketPosition: z.string(),
      growthProspects: z.string(),
      financialHealth: z.string(),
      managementQuality: z.string(),
      writtenBy: z.enum(['ai', 'built-in']).optional(),
    }),
    suggestions: z.object({ userType: riskProfileId.nullable(), byInvestorType: z.array(investorAdvice) }),
    summary: z.string(),
    explain: z.array(
      z.object({
        figure: z.string(),
        value: z.union([z.number(), z.string(), z.null()]),
        method: z.string(),
        inputs: namedInputs,
        source: z.string(),
      }),
    ),
    dataAsOf: z.string().nullable(),
    dataSource: z.enum(['snapshot', 'yahoo']),
    notes: z.array(z.string()),
  })
  .meta({ id: 'AnalysisResults' });

/**
 * The schema and the interface the engine builds must describe the same report: a field added,
 * removed or retyped on one side only fails the typecheck here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const resultsMatchTheEngine: Same<z.infer<typeof analysisResults>, AnalysisResults> = true;
void resultsMatchTheEngine;

/** POST analysis/analyze/{symbol} and analyze-stocks (202). */
export const analysisStarted = z.object({ success: z.literal(true), analysisId: z.uuid() }).meta({ id: 'AnalysisStarted' });
export type AnalysisStarted = z.infer<typeof analysisStarted>;

/** GET analysis/{id}, POST analyze-polling; a history row is the same without `results`. */
export const analysisView = z
  .object({
    id: z.uuid(),
    analysisId: z.uuid(),
    symbol: z.string(),
    status: z.enum(['processing', 'completed', 'failed']),
    progress: z.number().int().min(0).max(100),
    stage: z.number().int().min(0),
    message: z.string(),
    error: z.string().nullable().meta({ description: 'User-facing text (Traditional Chinese) when the analysis failed' }),
    investorType: z.string().nullable(),
    fromCache: z.boolean(),
    results: analysisResults.optional().meta({ description: 'Present once the analysis completed' }),
    createdAt: z.iso.datetime(),
    completedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'Analysis' });
export type AnalysisView = z.infer<typeof analysisView>;

/** GET users/analysis-history. */
export const analysisHistoryPage = z
  .object({
    analyses: z.array(analysisView),
    page: z.number().int().min(1),
    limit: z.number().int().min(1),
    total: z.number().int().min(0),
    totalPages: z.number().int().min(0),
  })
  .meta({ id: 'AnalysisHistoryPage' });
export type AnalysisHistoryPage = z.infer<typeof analysisHistoryPage>;

/** GET users/stats. */
export const analysisStats = z
  .object({
    totalAnalyses: z.number().int(),
    completedAnalyses: z.number().int(),
    failedAnalyses: z.number().int(),
    processingAnalyses: z.number().int(),
    todayAnalyses: z.number().int(),
    lastAnalysisAt: z.iso.datetime().nullable(),
    topSymbols: z.array(z.object({ symbol: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'AnalysisStats' });

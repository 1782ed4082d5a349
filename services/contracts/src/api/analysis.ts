import { z } from 'zod';
import type { AnalysisResults } from '../analysis-results';

/** Analysis's public answers as the web app reads them (`analysis/*`, `stocks*`, history). */

export const analysisStatus = z.enum(['processing', 'completed', 'failed']);
export type AnalysisStatus = z.infer<typeof analysisStatus>;

/** The report is checked for being an object only: its full shape is `AnalysisResults`, built by one module. */
const anyReport = z.custom<AnalysisResults>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

/** GET analysis/{id}, each event of analysis/{id}/events, and a row of the history (without results). */
export const analysisView = z.object({
  id: z.string().min(1),
  analysisId: z.string().min(1),
  symbol: z.string(),
  status: analysisStatus,
  progress: z.number().min(0).max(100),
  stage: z.number().int(),
  message: z.string(),
  error: z.string().nullable(),
  investorType: z.string().nullable(),
  fromCache: z.boolean(),
  results: anyReport.optional(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AnalysisView = z.infer<typeof analysisView>;

/** POST analysis/analyze/{symbol}: 202 with the analysis id. */
export const startAnalysisResponse = z.object({ success: z.literal(true), analysisId: z.string().min(1) }).meta({ id: 'AnalysisStarted' });

/** GET users/analysis-history. */
export const analysisHistoryResponse = z.object({
  analyses: z.array(analysisView),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AnalysisHistoryResponse = z.infer<typeof analysisHistoryResponse>;

export const stockSummary = z
  .object({ symbol: z.string().min(1), name: z.string(), nameZh: z.string().nullable(), market: z.string() })
  .meta({ id: 'StockSummary' });
export type StockSummary = z.infer<typeof stockSummary>;

/** GET stocks: the compact list for autocomplete and validity. */
export const stockListResponse = z.array(stockSummary);

/** GET stocks/status/{symbol}. */
export const stockStatusResponse = z
  .object({
    symbol: z.string(),
    isActive: z.boolean(),
    status: z.string(),
    reason: z.string().nullable(),
  })
  .meta({ id: 'StockStatus' });
export type StockStatusResponse = z.infer<typeof stockStatusResponse>;

/** GET stocks/{symbol}, and each match of GET stocks?q=. */
export const stockDetails = z
  .object({
    symbol: z.string(),
    name: z.string(),
    nameZh: z.string().nullable(),
    market: z.string(),
    exchange: z.string().nullable(),
    sector: z.string().nullable(),
    industry: z.string().nullable(),
    sectorZh: z.string().nullable().optional().meta({ description: 'The sector in Traditional Chinese; null when unknown' }),
    industryZh: z.string().nullable().optional().meta({ description: 'The industry in Traditional Chinese; null when unknown' }),
    status: z.string().meta({ description: 'active, or why it cannot be analysed (delisted, suspended, …)' }),
    reason: z.string().nullable(),
    hasFigures: z.boolean().optional().meta({ description: 'In search results: whether the bundled figures allow an analysis' }),
  })
  .meta({ id: 'Stock' });

/** GET users/stats. */
export const analysisStatsResponse = z
  .object({
    totalAnalyses: z.number().int(),
    completedAnalyses: z.number().int(),
    failedAnalyses: z.number().int(),
    processingAnalyses: z.number().int(),
    todayAnalyses: z.number().int(),
    lastAnalysisAt: z.string().nullable(),
    topSymbols: z.array(z.object({ symbol: z.string(), count: z.number().int() })),
  })
  .meta({ id: 'AnalysisStats' });

const riskProfileId = z.enum(['conservative', 'stable', 'growth', 'aggressive']);
const recommendation = z.enum(['strong_buy', 'buy', 'hold', 'sell', 'strong_sell']);
/** An investor type's action: `avoid` (不建議持有) when its position is zero and the call is no sell (ADR 0054). */
const investorAction = z.enum([...recommendation.options, 'avoid']);
const riskRating = z.enum(['low', 'medium', 'high', 'unknown']);
const namedInputs = z.record(z.string(), z.union([z.number(), z.string(), z.null()]));
const valueRange = z.object({ low: z.number(), base: z.number(), high: z.number() });
const modelId = z.enum(['dcf', 'relative', 'dividend_discount', 'graham', 'residual_income', 'ev_sales', 'reverse_dcf']);

const peerMultiple = z.object({
  symbol: z.string(),
  name: z.string(),
  value: z.number(),
  marketCapUsd: z.number().nullable(),
  asOf: z.string().nullable().optional(),
});
const peerMultipleComparison = z.object({
  multiple: z.enum(['pe', 'pb', 'ev_ebitda', 'ev_sales']),
  label: z.string(),
  stock: z.number().nullable(),
  median: z.number().nullable(),
  peers: z.array(peerMultiple),
  spread: z.object({ low: z.number(), high: z.number(), min: z.number(), max: z.number() }).optional(),
  excluded: z.array(peerMultiple.extend({ reason: z.string() })).optional(),
  group: z.string().optional(),
});
const scorePart = z.object({ id: z.string(), label: z.string(), points: z.number(), max: z.number() });

const valuationModel = z.object({
  id: modelId,
  name: z.string(),
  value: z.number().nullable(),
  weight: z.number(),
  skipped: z.boolean(),
  reason: z.string().nullable(),
  inputs: namedInputs,
  method: z.string(),
  range: valueRange.nullable().optional(),
  role: z.enum(['blend', 'screen', 'check']).optional(),
  peers: z.array(peerMultipleComparison).optional(),
});

const investorAdvice = z.object({
  investorType: riskProfileId,
  label: z.string(),
  action: investorAction,
  actionText: z.string(),
  positionSizePercent: z.number(),
  stockAllocationRange: z.tuple([z.number(), z.number()]).optional(),
  horizon: z.string(),
  keyRisks: z.array(z.string()),
  rationale: z.string(),
  highlighted: z.boolean(),
  preferencesNote: z.string().nullable().optional(),
});

const reportCharts = z.object({
  priceHistory: z
    .object({
      interval: z.literal('weekly'),
      from: z.string(),
      to: z.string(),
      currency: z.string(),
      source: z.string(),
      points: z.array(z.object({ date: z.string(), close: z.number() })),
    })
    .nullable(),
  range52Week: z.object({ low: z.number(), high: z.number(), asOf: z.string().nullable(), source: z.string() }).nullable(),
  valuationRanges: z.array(
    z.object({ id: z.union([modelId, z.literal('blend')]), name: z.string(), range: valueRange, inBlend: z.boolean() }),
  ),
  price: z.object({ value: z.number(), asOf: z.string().nullable() }).nullable(),
  peerMultiples: z.array(peerMultipleComparison),
  businessScoreParts: z.array(scorePart),
  basicScoreParts: z.array(scorePart),
});

/**
 * The report of a completed analysis in full, for the API description (the web reads it typed as
 * `AnalysisResults`, which the engine builds).
 */
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
      priceAsOf: z.string().nullable().optional(),
      priceAgeDays: z.number().nullable().optional(),
      sectorZh: z.string().nullable().optional(),
      industryZh: z.string().nullable().optional(),
    }),
    valuation: z.object({
      fairValue: z.number().nullable(),
      targetPrice: z.number().nullable(),
      upside: z.number().nullable(),
      recommendation: z.union([recommendation, z.literal('unrated')]),
      recommendationNote: z.string().optional(),
      callPrices: z.object({ buyBelow: z.number(), sellAbove: z.number() }).optional(),
      range: valueRange.nullable().optional(),
      uncertainty: z.enum(['low', 'medium', 'high', 'very_high']).optional(),
      companyKind: z.enum(['bank', 'insurer', 'loss_maker', 'general']).optional(),
      discountRate: z
        .object({
          costOfEquity: z.number(),
          wacc: z.number().nullable(),
          riskFree: z.number(),
          riskFreeSource: z.string(),
          equityRiskPremium: z.number(),
          countryRiskPremium: z.number(),
          premiumSource: z.string(),
          beta: z.number(),
          betaSource: z.string(),
        })
        .nullable()
        .optional(),
      confidence: z.number(),
      method: z.string(),
      riskLevel: riskRating,
      riskFactors: z.array(z.string()).optional(),
      riskAssessment: z
        .array(
          z.object({
            id: z.enum(['volatility', 'leverage', 'earnings', 'valuation_uncertainty', 'size']),
            label: z.string(),
            value: z.union([z.number(), z.string(), z.null()]),
            level: riskRating,
            text: z.string(),
          }),
        )
        .optional(),
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
    priceBanner: z.string().nullable().optional(),
    charts: reportCharts.optional(),
    sources: z
      .array(
        z.object({
          title: z.string().nullable(),
          url: z.string(),
          site: z.string(),
          date: z.string().nullable(),
          usedIn: z.enum(['business', 'summary']),
        }),
      )
      .optional(),
  })
  .meta({ id: 'AnalysisResults' });

/**
 * The schema and the interface the engine builds must describe the same report: a field added,
 * removed or retyped on one side only fails the typecheck here.
 */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const resultsMatchTheEngine: Same<z.infer<typeof analysisResults>, AnalysisResults> = true;
void resultsMatchTheEngine;

/** GET analysis/estimate: the median duration of the last completed analyses (null before the first). */
export const analysisEstimateResponse = z.object({ seconds: z.number().nullable(), basedOn: z.number().int() });
export type AnalysisEstimateResponse = z.infer<typeof analysisEstimateResponse>;

import { z } from 'zod';
import type { AnalysisResults } from '../analysis-results';

/** Analysis's public answers as the web app reads them (`analysis/*`, `stocks*`, history). */

export const analysisStatus = z.enum(['processing', 'completed', 'failed']);
export type AnalysisStatus = z.infer<typeof analysisStatus>;

/** The report is checked for being an object only: its full shape is `AnalysisResults`, built by one module. */
const analysisResults = z.custom<AnalysisResults>((value) => typeof value === 'object' && value !== null && !Array.isArray(value));

/** GET analysis/{id}, each event of analysis/{id}/events, and a row of the history (without results). */
export const analysisView = z.object({
  id: z.string().min(1),
  symbol: z.string(),
  status: analysisStatus,
  progress: z.number().min(0).max(100),
  stage: z.number().int(),
  message: z.string(),
  error: z.string().nullable(),
  investorType: z.string().nullable(),
  fromCache: z.boolean(),
  results: analysisResults.optional(),
  createdAt: z.string(),
  completedAt: z.string().nullable(),
});
export type AnalysisView = z.infer<typeof analysisView>;

/** POST analysis/analyze/{symbol}: 202 with the analysis id. */
export const startAnalysisResponse = z.object({ analysisId: z.string().min(1) });

/** GET users/analysis-history. */
export const analysisHistoryResponse = z.object({
  analyses: z.array(analysisView),
  page: z.number().int(),
  limit: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type AnalysisHistoryResponse = z.infer<typeof analysisHistoryResponse>;

export const stockSummary = z.object({ symbol: z.string().min(1), name: z.string(), nameZh: z.string().nullable(), market: z.string() });
export type StockSummary = z.infer<typeof stockSummary>;

/** GET stocks: the compact list for autocomplete and validity. */
export const stockListResponse = z.array(stockSummary);

/** GET stocks/status/{symbol}. */
export const stockStatusResponse = z.object({
  symbol: z.string(),
  isActive: z.boolean(),
  status: z.string(),
  reason: z.string().nullable(),
});
export type StockStatusResponse = z.infer<typeof stockStatusResponse>;

/** GET analysis/estimate: the median duration of the last completed analyses (null before the first). */
export const analysisEstimateResponse = z.object({ seconds: z.number().nullable(), basedOn: z.number().int() });
export type AnalysisEstimateResponse = z.infer<typeof analysisEstimateResponse>;

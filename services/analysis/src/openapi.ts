import { z } from 'zod';
import {
  analysisHistoryResponse,
  analysisResults,
  analysisStatsResponse,
  analysisEstimateResponse,
  analysisView,
  startAnalysisResponse,
  stockDetails,
  stockStatusResponse,
  stockSummary,
} from '@stockai/contracts';
import { describeService, operation } from '@stockai/platform';
import { analyzeStocksBody, historyQuery, pollingBody, startBody, symbol } from './analyses/routes';
import { searchQuery, symbolParams } from './universe/routes';

/** The analysis as answered, its report described in full (the web reads the report typed, not parsed). */
const analysis = analysisView
  .extend({ results: analysisResults.optional().meta({ description: 'Present once the analysis completed' }) })
  .meta({ id: 'Analysis' });
const analysisId = z.object({ id: z.string().meta({ description: 'The analysis id (uuid)' }) });
const idempotencyKey = z.object({
  'idempotency-key': z
    .string()
    .max(200)
    .optional()
    .meta({ description: 'A retried start with the same key names the same analysis and is charged once' }),
});
const START_ERRORS = [402, 404, 409, 422, 429, 503];
const START_DESCRIPTION =
  'Spends 1 credit and queues the analysis; follow it with GET analysis/{id}. 422 when the stock cannot be analysed ' +
  '(the body adds symbol, isActive, status, reason); 409 when the same symbol is already running (the body adds its analysisId).';

/** The analysis service's public routes (served to the gateway for GET /api/openapi.json). */
export const analysisApi = describeService({
  tag: 'analysis',
  description: 'Stocks, analyses (start, follow, history) and the legacy analyze-stocks / analyze-polling calls',
  paths: {
    '/api/stocks': {
      get: operation({
        summary: 'Every stock (compact, for autocomplete), or the matches of q',
        description: 'Without q: the compact list with an ETag (304 when unchanged). With q: full entries of the matches.',
        access: 'public',
        query: searchQuery,
        response: z.union([z.array(stockSummary), z.array(stockDetails)]),
      }),
    },
    '/api/stocks/status/{symbol}': {
      get: operation({
        summary: 'Whether a stock can be analysed',
        access: 'public',
        params: symbolParams,
        response: stockStatusResponse,
        errors: [404],
      }),
    },
    '/api/stocks/{symbol}': {
      get: operation({ summary: "A stock's details", access: 'public', params: symbolParams, response: stockDetails, errors: [404] }),
    },
    '/api/analysis/analyze/{symbol}': {
      post: operation({
        summary: 'Start an analysis of a stock',
        description: START_DESCRIPTION,
        access: 'user',
        params: z.object({ symbol }),
        headers: idempotencyKey,
        body: startBody,
        status: 202,
        response: startAnalysisResponse,
        errors: START_ERRORS,
      }),
    },
    '/api/analyze-stocks': {
      post: operation({
        summary: 'Start an analysis (legacy form: the symbol in the body)',
        description: START_DESCRIPTION,
        access: 'user',
        headers: idempotencyKey,
        body: analyzeStocksBody,
        status: 202,
        response: startAnalysisResponse,
        errors: START_ERRORS,
      }),
    },
    '/api/analysis/estimate': {
      get: operation({
        summary: 'How long an analysis takes: the median of the last completed ones (seconds null before the first)',
        access: 'user',
        response: analysisEstimateResponse,
      }),
    },
    '/api/analysis/{id}': {
      get: operation({
        summary: "An analysis: progress, then the report once completed (the caller's own only)",
        access: 'user',
        params: analysisId,
        response: analysis,
        errors: [404],
      }),
    },
    '/api/analysis/{id}/events': {
      get: operation({
        summary: "An analysis's progress as server-sent events (`event: progress`, data as GET analysis/{id})",
        access: 'user',
        params: analysisId,
        produces: 'text/event-stream',
        errors: [404],
      }),
    },
    '/api/analyze-polling': {
      post: operation({
        summary: 'An analysis by id (legacy form of GET analysis/{id})',
        access: 'user',
        body: pollingBody,
        response: analysis,
        errors: [404],
      }),
    },
    '/api/users/analysis-history': {
      get: operation({
        summary: "The user's analyses, newest first (without their reports)",
        access: 'user',
        query: historyQuery,
        response: analysisHistoryResponse.extend({ analyses: z.array(analysis) }),
      }),
    },
    '/api/users/stats': {
      get: operation({ summary: "The user's analysis counts and most analysed symbols", access: 'user', response: analysisStatsResponse }),
    },
  },
});

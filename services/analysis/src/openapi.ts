import { z } from 'zod';
import {
  analysisHistoryResponse,
  analysisResults,
  analysisStatsResponse,
  analysisEstimateResponse,
  analysisView,
  notificationSettings,
  notificationsResponse,
  watchlistAlert,
  watchlistItem,
  watchlistResponse,
  startAnalysisResponse,
  stockDetails,
  stockStatusResponse,
  stockSummary,
} from '@stockai/contracts';
import { describeService, operation } from '@stockai/platform';
import { analyzeStocksBody, historyQuery, pollingBody, startBody, symbol } from './analyses/routes';
import { notificationParams, notificationsQuery, settingsBody } from './notifications/routes';
import { searchQuery, symbolParams } from './universe/routes';
import { addBody, alertBody, alertParams, symbolParams as watchedSymbol } from './watchlist/routes';

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
  description:
    'Stocks, analyses (start, follow, history), the legacy analyze-stocks / analyze-polling calls, and the watchlist with its alerts and notifications',
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
    '/api/watchlist': {
      get: operation({
        summary: "The member's watchlist: each stock's last price, last report and alerts, and the level's limit",
        access: 'user',
        response: watchlistResponse,
      }),
      post: operation({
        summary: 'Follow a stock',
        description:
          'The symbol is read as an analysis start reads it (`700` is 0700.HK, lower case accepted). 201 when added, 200 when it was there ' +
          "already; 404 STOCK_NOT_FOUND for an unknown symbol; 409 WATCHLIST_FULL past the member level's limit (free 10, vip 30, premium 100).",
        access: 'user',
        body: addBody,
        status: 201,
        alsoSucceedsWith: { 200: 'Already on the watchlist (nothing added)' },
        response: watchlistItem,
        errors: [404, 409],
      }),
    },
    '/api/watchlist/{symbol}': {
      delete: operation({
        summary: 'Stop following a stock (its alerts go with it)',
        description: "404 NOT_IN_WATCHLIST when the stock is not on the member's list.",
        access: 'user',
        params: watchedSymbol,
        status: 204,
        errors: [404],
      }),
    },
    '/api/watchlist/{symbol}/alerts': {
      post: operation({
        summary: 'Add an alert to a followed stock',
        description:
          "price_above / price_below need a positive `price`; report_thresholds follows the last report's buy and sell prices; report_stale " +
          "fires when the price moved more than 10 % from the last report's or newer figures were loaded. An alert fires once per crossing and " +
          're-arms once the price is back across by 2 %. 404 NOT_IN_WATCHLIST when the stock is not followed.',
        access: 'user',
        params: watchedSymbol,
        body: alertBody,
        status: 201,
        response: watchlistAlert,
        errors: [404],
      }),
    },
    '/api/watchlist/{symbol}/alerts/{id}': {
      delete: operation({ summary: 'Remove an alert', access: 'user', params: alertParams, status: 204, errors: [404] }),
    },
    '/api/notifications': {
      get: operation({
        summary: "The member's notifications, newest first, with the unread count",
        access: 'user',
        query: notificationsQuery,
        response: notificationsResponse,
      }),
    },
    '/api/notifications/{id}/read': {
      post: operation({ summary: 'Mark a notification read', access: 'user', params: notificationParams, status: 204, errors: [404] }),
    },
    '/api/notifications/read-all': {
      post: operation({ summary: "Mark all the member's notifications read", access: 'user', status: 204 }),
    },
    '/api/notifications/settings': {
      get: operation({
        summary: 'Whether alerts are also sent by e-mail (off by default)',
        access: 'user',
        response: notificationSettings,
      }),
      put: operation({ summary: 'Turn e-mail alerts on or off', access: 'user', body: settingsBody, response: notificationSettings }),
    },
  },
});

import { ApiError } from '@/lib/api-client';

/** Translation keys of the messages a failed start can show (spec section 8). */
export type StartFailure = 'insufficientCredits' | 'loginAgain' | 'serverError' | 'alreadyRunning' | 'generic';

/**
 * Which message a failed start shows, by the server's code, then by its status: 402 is the only
 * "top up" case, and a busy or unreachable service (BILLING_UNAVAILABLE, 503) says nothing about
 * the balance, so it reads as a server error, never as "insufficient credits".
 */
export function classifyStartFailure(error: unknown): StartFailure {
  if (!(error instanceof ApiError)) return 'generic';
  if (error.code === 'INSUFFICIENT_CREDITS' || error.status === 402) return 'insufficientCredits';
  if (error.code === 'ANALYSIS_RUNNING') return 'alreadyRunning';
  if (error.isAuthRejection) return 'loginAgain';
  if (error.status >= 500) return 'serverError';
  return 'generic';
}

/**
 * The start was refused because the stock cannot be analysed, by its status or for want of
 * market data to value it: the page shows why instead of a toast.
 */
export function isNotAnalysable(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'NOT_ANALYSABLE' || error.code === 'NO_MARKET_DATA');
}

/** The symbol is not in the universe (by code; any 404 of a start or status check says the same). */
export function isUnknownSymbol(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.code === 'UNKNOWN_SYMBOL' || error.code === 'STOCK_NOT_FOUND' || error.status === 404);
}

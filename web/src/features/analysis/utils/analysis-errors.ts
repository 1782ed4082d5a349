import { ApiError } from '@/lib/api-client';

/** Translation keys of the messages a failed start can show (spec section 8). */
export type StartFailure = 'insufficientCredits' | 'loginAgain' | 'serverError' | 'alreadyRunning' | 'generic';

const NOT_ANALYSABLE_WORDS = /inactive|delisted|suspended|unsuitable|speculative/i;

/** A start failure whose message names one of these goes to the not-analysable screen (status error). */
export function mentionsNotAnalysable(error: unknown): boolean {
  return error instanceof Error && NOT_ANALYSABLE_WORDS.test(error.message);
}

/**
 * Which message a failed start shows. The HTTP status decides first where it is unambiguous:
 * 402 is the only "top up" case, and 503 means a service is busy or down (billing unavailable
 * says nothing about the balance, so its text must never be read as "insufficient credits").
 * The rest follows spec section 8's text rules.
 */
export function classifyStartFailure(error: unknown): StartFailure {
  const message = error instanceof Error ? error.message : '';
  const status = error instanceof ApiError ? error.status : null;
  if (status === 402) return 'insufficientCredits';
  if (status === 503) return 'serverError';
  if (/credits|Insufficient/i.test(message)) return 'insufficientCredits';
  if (status === 401 || status === 403 || /Authentication/i.test(message)) return 'loginAgain';
  if (status === 409) return 'alreadyRunning';
  if (status !== null && status >= 500) return 'serverError';
  return 'generic';
}

const INACTIVE_NAME = /inactive|delisted|已除牌|已退市|停止交易/i;
const UNSUITABLE_NAME = /unsuitable|不適合/i;

/**
 * Spec section 4, step 5: a finished report whose company name says the stock is gone or not
 * a company is shown as the not-analysable screen instead.
 */
export function statusFromCompanyName(companyName: string | undefined): 'inactive' | 'unsuitable_product' | null {
  if (!companyName) return null;
  if (INACTIVE_NAME.test(companyName)) return 'inactive';
  if (UNSUITABLE_NAME.test(companyName)) return 'unsuitable_product';
  return null;
}

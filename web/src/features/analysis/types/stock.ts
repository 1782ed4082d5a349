import type { StockStatusResponse, StockSummary } from '@stockai/contracts';

export type Market = 'HK' | 'US';

/** One entry of GET stocks: enough for autocomplete and the validity indicator. */
export type StockListing = StockSummary;

/** The statuses that stop an analysis before it starts (spec section 4). */
export const NOT_ANALYSABLE_STATUSES = [
  'delisted',
  'suspended',
  'inactive',
  'unsuitable_product',
  'highly_speculative',
  'reit_or_trust',
  'error',
] as const;
export type NotAnalysableStatus = (typeof NOT_ANALYSABLE_STATUSES)[number];

export function isNotAnalysableStatus(value: unknown): value is NotAnalysableStatus {
  return typeof value === 'string' && (NOT_ANALYSABLE_STATUSES as readonly string[]).includes(value);
}

/** GET stocks/status/{symbol}. */
export type StockStatus = StockStatusResponse;

/** unknown until checked; typing resets it, picking a suggestion sets valid (spec section 4). */
export type SymbolValidity = 'unknown' | 'valid' | 'invalid';

import type { MarketData } from './types';

/**
 * Whether a report can be made from these figures: a positive price, and at least one of EPS,
 * revenue and book value per share for a model to start from. The universe's `hasFigures`
 * (universe/repo.ts) is the same test on the bundled rows.
 */
export function hasCoreFigures(data: Pick<MarketData, 'price' | 'eps' | 'revenue' | 'bookValuePerShare'>): boolean {
  return data.price !== null && data.price > 0 && (data.eps !== null || data.revenue !== null || data.bookValuePerShare !== null);
}

import type { WatchlistReport } from '@stockai/contracts';
import type { Rating, Uncertainty } from '../report/types';
import { callPrices } from '../report/valuation/blend';
import type { ReportFacts } from './alert-rules';
import type { ReportRow } from './repo';

/**
 * A member's last report of a stock as the watchlist shows it and its alerts read it: the call,
 * the fair value and its range, and the prices at which the call would change (computed as the
 * report's own text states them; null when the report made no call).
 */
export function reportOf(row: ReportRow): { view: WatchlistReport; facts: ReportFacts } {
  const recommendation = (row.recommendation ?? 'unrated') as Rating;
  const prices = callPrices({
    fairValue: row.fair_value,
    recommendation,
    uncertainty: (row.uncertainty ?? undefined) as Uncertainty | undefined,
  });
  const buyBelow = prices?.buyBelow ?? null;
  const sellAbove = prices?.sellAbove ?? null;
  return {
    view: {
      analysisId: row.id,
      createdAt: row.created_at.toISOString(),
      recommendation,
      fairValue: row.fair_value,
      range: row.range ?? null,
      buyBelow,
      sellAbove,
    },
    facts: { analysisId: row.id, price: row.price, dataAsOf: row.data_as_of, buyBelow, sellAbove },
  };
}

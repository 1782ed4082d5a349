import type { TFunction } from 'i18next';
import { type MembershipLevel, WATCHLIST_LIMITS } from '@stockai/contracts';
import { ApiError } from '@/lib/api-client';

/** What went wrong with a change to the watchlist, told apart by code and status (never by message text). */
export type WatchlistFailure =
  'full' | 'stockNotFound' | 'notInWatchlist' | 'alertNotFound' | 'signedOut' | 'invalid' | 'network' | 'other';

export function classifyWatchlistFailure(error: unknown): WatchlistFailure {
  if (!(error instanceof ApiError)) return 'other';
  switch (error.code) {
    case 'WATCHLIST_FULL':
      return 'full';
    case 'STOCK_NOT_FOUND':
      return 'stockNotFound';
    case 'NOT_IN_WATCHLIST':
      return 'notInWatchlist';
    case 'ALERT_NOT_FOUND':
      return 'alertNotFound';
  }
  if (error.isAuthRejection || error.code === 'NO_TOKEN') return 'signedOut';
  if (error.isNetworkError) return 'network';
  if (error.status === 400) return 'invalid';
  return 'other';
}

/**
 * The levels above a limit, each with what it allows (`[['vip', 30], ['premium', 100]]` for a
 * free member's 10), from the same table the API enforces: the way up a full watchlist names.
 */
export function upgradesBeyond(limit: number): [MembershipLevel, number][] {
  return (Object.entries(WATCHLIST_LIMITS) as [MembershipLevel, number][])
    .filter(([, allowed]) => allowed > limit)
    .sort(([, a], [, b]) => a - b);
}

type Translate = TFunction;

/**
 * What the member is told when a change to their list is refused: a full list names its limit
 * and the levels that allow more; everything else says what to do next.
 */
export function watchlistFailureMessage(t: Translate, failure: WatchlistFailure, context: { symbol: string; limit?: number }): string {
  if (failure !== 'full') return t(`watchlist.errors.${failure}`, { symbol: context.symbol });
  if (context.limit === undefined) return t('watchlist.errors.fullUnknownLimit');
  const upgrades = upgradesBeyond(context.limit);
  const next = upgrades.length
    ? t('watchlist.errors.upgrade', {
        levels: upgrades
          .map(([level, allowed]) => t('watchlist.errors.levelAllows', { level: t(`billing.levels.${level}`), count: allowed }))
          .join('、'),
      })
    : t('watchlist.errors.atTop');
  return `${t('watchlist.errors.full', { count: context.limit })}${next}`;
}

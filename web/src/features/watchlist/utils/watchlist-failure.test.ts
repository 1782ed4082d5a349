import { WATCHLIST_LIMITS } from '@stockai/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import i18n from '@/lib/i18n';
import { classifyWatchlistFailure, upgradesBeyond, watchlistFailureMessage } from './watchlist-failure';

const t = i18n.t.bind(i18n);

describe('classifyWatchlistFailure', () => {
  it('tells the refusals apart by code, then by status', () => {
    expect(classifyWatchlistFailure(new ApiError('x', 409, 'WATCHLIST_FULL', true))).toBe('full');
    expect(classifyWatchlistFailure(new ApiError('x', 404, 'STOCK_NOT_FOUND', true))).toBe('stockNotFound');
    expect(classifyWatchlistFailure(new ApiError('x', 404, 'NOT_IN_WATCHLIST', true))).toBe('notInWatchlist');
    expect(classifyWatchlistFailure(new ApiError('x', 404, 'ALERT_NOT_FOUND', true))).toBe('alertNotFound');
    expect(classifyWatchlistFailure(new ApiError('x', 401, 'UNAUTHORIZED', true))).toBe('signedOut');
    expect(classifyWatchlistFailure(new ApiError('x', 401, 'NO_TOKEN'))).toBe('signedOut');
    expect(classifyWatchlistFailure(new ApiError('x', 400, 'VALIDATION_FAILED', true))).toBe('invalid');
    expect(classifyWatchlistFailure(new ApiError('x', 0, 'NETWORK_ERROR'))).toBe('network');
    expect(classifyWatchlistFailure(new ApiError('x', 500, 'HTTP_500'))).toBe('other');
    expect(classifyWatchlistFailure(new Error('x'))).toBe('other');
  });
});

describe('upgradesBeyond', () => {
  it("lists the levels that allow more than a limit, from the API's own table", () => {
    expect(upgradesBeyond(WATCHLIST_LIMITS.free)).toEqual([
      ['vip', WATCHLIST_LIMITS.vip],
      ['premium', WATCHLIST_LIMITS.premium],
    ]);
    expect(upgradesBeyond(WATCHLIST_LIMITS.vip)).toEqual([['premium', WATCHLIST_LIMITS.premium]]);
    expect(upgradesBeyond(WATCHLIST_LIMITS.premium)).toEqual([]);
  });
});

describe('watchlistFailureMessage', () => {
  it('names the limit of a full list and the levels that allow more', () => {
    const message = watchlistFailureMessage(t, 'full', { symbol: 'AAPL', limit: 10 });
    expect(message).toBe('自選股已達上限 10 隻。升級會員可關注更多股票：VIP 會員 30 隻、高級會員 100 隻。');
  });

  it('tells a member at the top level to remove stocks instead', () => {
    expect(watchlistFailureMessage(t, 'full', { symbol: 'AAPL', limit: 100 })).toBe('自選股已達上限 100 隻。請先移除部分股票。');
  });

  it('names the symbol that was not found', () => {
    expect(watchlistFailureMessage(t, 'stockNotFound', { symbol: 'ZZZZ' })).toBe('找不到股票 ZZZZ。');
  });
});

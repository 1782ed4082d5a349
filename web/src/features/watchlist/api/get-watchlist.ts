import type { WatchlistResponse } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const WATCHLIST_KEY = ['watchlist'] as const;

/** GET watchlist: the member's stocks with their prices, last reports and alerts, and the level's limit. */
export function useWatchlist(enabled = true) {
  return useQuery({
    queryKey: WATCHLIST_KEY,
    queryFn: ({ signal }): Promise<WatchlistResponse> => apiClient.get('watchlist', (s) => s.watchlistResponse, { signal }),
    enabled,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { WATCHLIST_KEY } from './get-watchlist';

/**
 * POST watchlist {symbol} (201 added, 200 already there) and DELETE watchlist/{symbol} (204).
 * Either way the list is read again, also after a refusal, which may mean the list changed
 * elsewhere (a stock already removed is 404 NOT_IN_WATCHLIST).
 */
export function useAddToWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => apiClient.post('watchlist', (s) => s.watchlistItem, { symbol }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}

export function useRemoveFromWatchlist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string) => apiClient.delete(`watchlist/${encodeURIComponent(symbol)}`, (s) => s.ignoredAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}

import type { AlertKind } from '@stockai/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { WATCHLIST_KEY } from './get-watchlist';

export interface NewAlert {
  symbol: string;
  kind: AlertKind;
  /** Only for price_above and price_below. */
  price?: number;
}

/** POST watchlist/{symbol}/alerts (201 with the alert); 400 names the field, 404 NOT_IN_WATCHLIST. */
export function useAddAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, kind, price }: NewAlert) =>
      apiClient.post(`watchlist/${encodeURIComponent(symbol)}/alerts`, (s) => s.watchlistAlert, { kind, price }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}

/** DELETE watchlist/{symbol}/alerts/{id} (204). */
export function useRemoveAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ symbol, id }: { symbol: string; id: string }) =>
      apiClient.delete(`watchlist/${encodeURIComponent(symbol)}/alerts/${encodeURIComponent(id)}`, (s) => s.ignoredAnswer),
    onSettled: () => queryClient.invalidateQueries({ queryKey: WATCHLIST_KEY }),
  });
}

import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import type { Credits } from '../types/credits';

export const creditsQueryKey = (userId: string | null) => ['credits', userId] as const;

export function getCredits(signal?: AbortSignal): Promise<Credits> {
  return apiClient.get('users/credits', (s) => s.creditsResponse, { signal });
}

export interface CreditsQuery {
  credits: Credits | null;
  isLoading: boolean;
  /** The last load failed and nothing is shown yet; the error itself was only logged. */
  hasFailed: boolean;
  /** Re-reads the balance, e.g. after an analysis or a purchase. */
  refresh(): Promise<void>;
}

/**
 * The balance of the signed-in user; null for visitors. A failed load is only logged, as the
 * balance is informative and the server re-checks credits on every analysis anyway.
 */
export function useCreditsQuery(userId: string | null): CreditsQuery {
  const query = useQuery({
    queryKey: creditsQueryKey(userId),
    queryFn: ({ signal }) => getCredits(signal),
    enabled: userId !== null,
    // The balance changes with every analysis and purchase: never served from cache unasked.
    staleTime: 0,
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    if (userId !== null) await refetch();
  }, [refetch, userId]);
  return {
    credits: userId === null ? null : (query.data ?? null),
    isLoading: query.isFetching,
    hasFailed: query.isError && query.data === undefined,
    refresh,
  };
}

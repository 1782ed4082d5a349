import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { apiClient, firstScreen, hasErrorCode } from '@/lib/api-client';
import type { Credits } from '../types/credits';

export const creditsQueryKey = (userId: string | null) => ['credits', userId] as const;

export function getCredits(signal?: AbortSignal): Promise<Credits> {
  return apiClient.get(
    'users/credits',
    firstScreen((s) => s.creditsResponse),
    { signal },
  );
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
 * Billing opens a member's account on their first call (ADR 68); ACCOUNT_NOT_READY (503 with
 * Retry-After) is left for a billing that cannot act yet, and is asked again every second.
 */
const NOT_READY_POLL_MS = 1000;
const isNotReady = (error: unknown) => hasErrorCode(error, 'ACCOUNT_NOT_READY');

/**
 * The balance of the signed-in user; null for visitors. A failed load is only logged, as the
 * balance is informative and the server re-checks credits on every analysis anyway. An account
 * still being set up is asked for again every second and counts as loading, not failed, so a
 * new member sees 載入中 and then their balance, never 點數— until a reload. The query itself
 * has failed meanwhile, so nothing that waits on it is held up.
 */
export function useCreditsQuery(userId: string | null): CreditsQuery {
  const query = useQuery({
    queryKey: creditsQueryKey(userId),
    queryFn: ({ signal }) => getCredits(signal),
    enabled: userId !== null,
    // The balance changes with every analysis and purchase: never served from cache unasked.
    staleTime: 0,
    refetchInterval: (q) => (isNotReady(q.state.error) ? NOT_READY_POLL_MS : false),
  });
  const { refetch } = query;
  const refresh = useCallback(async () => {
    if (userId !== null) await refetch();
  }, [refetch, userId]);
  return {
    credits: userId === null ? null : (query.data ?? null),
    isLoading: query.isFetching,
    hasFailed: query.isError && query.data === undefined && !isNotReady(query.error),
    refresh,
  };
}

import { creditHistoryResponse } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** The profile shows the latest ten changes of the balance. */
export const RECENT_CREDIT_CHANGES_LIMIT = 10;

/** GET users/credit-history, newest first: purchases, analyses, refunds, daily credits, an admin's adjustments with the reason. */
export function useRecentCreditChanges() {
  return useQuery({
    queryKey: ['credit-history', 1, RECENT_CREDIT_CHANGES_LIMIT],
    queryFn: async ({ signal }) =>
      (
        await apiClient.get('users/credit-history', creditHistoryResponse, {
          query: { page: 1, limit: RECENT_CREDIT_CHANGES_LIMIT },
          signal,
        })
      ).entries,
    staleTime: 0,
  });
}

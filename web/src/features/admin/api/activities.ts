import { adminActivitiesResponse, adminActivityStatsResponse } from '@stockai/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys, adminRequest } from './admin-client';

/** Spec section 9: activity stats over the last 30 days. */
export const ACTIVITY_TIMEFRAME = '30d';

export function useActivities(page: number) {
  return useQuery({
    queryKey: [...adminKeys.activities, page],
    queryFn: ({ signal }) => adminRequest('user-activities', adminActivitiesResponse, { query: { page, limit: ADMIN_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useActivityStats() {
  return useQuery({
    queryKey: [...adminKeys.activities, 'stats'],
    queryFn: async ({ signal }) =>
      (await adminRequest('activity-stats', adminActivityStatsResponse, { query: { timeframe: ACTIVITY_TIMEFRAME }, signal })).stats,
    staleTime: 0,
  });
}

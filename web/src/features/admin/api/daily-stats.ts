import { adminDailyStatsResponse } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest } from './admin-client';

/** The dashboard chart covers the last 30 UTC days, today included. */
export const CHART_DAYS = 30;

/** GET admin/stats/daily: revenue, payments and analyses per UTC day, every day present. */
export function useAdminDailyStats(days = CHART_DAYS) {
  return useQuery({
    queryKey: [...adminKeys.stats, 'daily', days],
    queryFn: async ({ signal }) => (await adminRequest(`stats/daily?days=${days}`, adminDailyStatsResponse, { signal })).days,
    staleTime: 0,
  });
}

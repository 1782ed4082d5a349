import { adminStatsResponse } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { adminKeys, adminRequest } from './admin-client';

export function useAdminStats() {
  return useQuery({
    queryKey: adminKeys.stats,
    queryFn: async ({ signal }) => (await adminRequest('stats', adminStatsResponse, { signal })).stats,
    staleTime: 0,
  });
}

import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET analysis/estimate: how long analyses take now, from the last completed ones; read again for each analysis. */
export function useAnalysisEstimate() {
  return useQuery({
    queryKey: ['analysis', 'estimate'],
    queryFn: ({ signal }) => apiClient.get('analysis/estimate', (s) => s.analysisEstimateResponse, { signal }),
    staleTime: 0,
  });
}

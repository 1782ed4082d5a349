import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AnalysisRecord } from '../types/analysis';

export const analysisQueryKey = (id: string) => ['analysis', id] as const;

/**
 * GET analysis/{id}. The timestamp and no-cache headers keep any cache between here and the
 * service from answering a poll with an older progress (spec section 7).
 */
export function getAnalysis(id: string, signal?: AbortSignal): Promise<AnalysisRecord> {
  return apiClient.get(`analysis/${encodeURIComponent(id)}`, (s) => s.analysisView, {
    query: { t: Date.now() },
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    signal,
  });
}

/** One finished analysis with its report (the history's detail); null id: nothing to load. */
export function useAnalysis(id: string | null) {
  return useQuery({
    queryKey: analysisQueryKey(id ?? ''),
    queryFn: ({ signal }) => getAnalysis(id ?? '', signal),
    enabled: id !== null,
    // A finished report never changes.
    staleTime: Infinity,
  });
}

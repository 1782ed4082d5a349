import type { AnalysisHistoryResponse } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { AnalysisRecord } from '../types/analysis';

/** Spec section 9: ten analyses a page. */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryStatusFilter = '' | 'completed' | 'processing' | 'failed';

export interface HistoryQuery {
  page: number;
  status: HistoryStatusFilter;
  symbol: string;
}

export type HistoryPage = AnalysisHistoryResponse;

export function getAnalysisHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  return apiClient.get('users/analysis-history', (s) => s.analysisHistoryResponse, {
    query: {
      page: query.page,
      limit: HISTORY_PAGE_SIZE,
      status: query.status || undefined,
      symbol: query.symbol.trim() || undefined,
    },
    signal,
  });
}

/** One page of the signed-in user's analyses; read again whenever the query changes. */
export function useAnalysisHistory(query: HistoryQuery) {
  return useQuery({
    queryKey: ['analysis-history', query],
    queryFn: ({ signal }) => getAnalysisHistory(query, signal),
    staleTime: 0,
  });
}

/**
 * The user's analysis of `symbol` that is still running, if any: a second start of the same
 * symbol is refused (409), and the page follows the running one instead.
 */
export async function findRunningAnalysis(symbol: string, signal?: AbortSignal): Promise<AnalysisRecord | null> {
  const { analyses } = await getAnalysisHistory({ page: 1, status: 'processing', symbol }, signal);
  return analyses.find((record) => record.symbol === symbol && record.status === 'processing') ?? null;
}

import {
  adminAiDiagnosticResponse,
  adminAiResultResponse,
  adminAiResultsResponse,
  adminAiStatsResponse,
  adminCacheResponse,
  adminPromptsResponse,
  adminTestSaveResponse,
} from '@stockai/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { ADMIN_PAGE_SIZE, adminKeys, adminRequest } from './admin-client';

export function usePrompts() {
  return useQuery({ queryKey: adminKeys.prompts, queryFn: ({ signal }) => adminRequest('prompts', adminPromptsResponse, { signal }) });
}

export function useCache() {
  return useQuery({
    queryKey: adminKeys.cache,
    queryFn: ({ signal }) => adminRequest('cache', adminCacheResponse, { signal }),
    staleTime: 0,
  });
}

/** null clears every entry; a symbol clears that one. */
export function useClearCache() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (symbol: string | null) =>
      adminRequest(symbol === null ? 'cache' : `cache/${encodeURIComponent(symbol)}`, z.unknown(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

export function useAiResults(page: number) {
  return useQuery({
    queryKey: [...adminKeys.aiResults, page],
    queryFn: ({ signal }) =>
      adminRequest('perplexity-results', adminAiResultsResponse, { query: { page, limit: ADMIN_PAGE_SIZE }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAiResult(id: string | null) {
  return useQuery({
    queryKey: [...adminKeys.aiResults, 'one', id],
    queryFn: async ({ signal }) =>
      (await adminRequest(`perplexity-results/${encodeURIComponent(id ?? '')}`, adminAiResultResponse, { signal })).result,
    enabled: id !== null,
  });
}

export function useDeleteAiResult() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => adminRequest(`perplexity-results/${encodeURIComponent(id)}`, z.unknown(), { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminKeys.aiResults }),
  });
}

export function useAiStats() {
  return useQuery({
    queryKey: adminKeys.aiStats,
    queryFn: ({ signal }) => adminRequest('perplexity-stats', adminAiStatsResponse, { signal }),
    staleTime: 0,
  });
}

export function useAiDiagnostic() {
  return useMutation({ mutationFn: () => adminRequest('perplexity-diagnostic', adminAiDiagnosticResponse) });
}

export function useAiTestSave() {
  return useMutation({ mutationFn: () => adminRequest('test-perplexity-save', adminTestSaveResponse, { method: 'POST' }) });
}

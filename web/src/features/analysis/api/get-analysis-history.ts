import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import type { AnalysisRecord } from '../types/analysis';
import { parseAnalysisRecord } from './parse-analysis';

/** Spec section 9: ten analyses a page. */
export const HISTORY_PAGE_SIZE = 10;

export type HistoryStatusFilter = '' | 'completed' | 'processing' | 'failed';

export interface HistoryQuery {
  page: number;
  status: HistoryStatusFilter;
  symbol: string;
}

export interface HistoryPage {
  analyses: AnalysisRecord[];
  totalPages: number;
  total: number;
}

export function parseHistoryPage(raw: unknown): HistoryPage {
  const data = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const analyses = Array.isArray(data.analyses)
    ? data.analyses.map(parseAnalysisRecord).filter((record): record is AnalysisRecord => record !== null)
    : [];
  const total = typeof data.total === 'number' ? data.total : analyses.length;
  const totalPages = typeof data.totalPages === 'number' ? data.totalPages : Math.ceil(total / HISTORY_PAGE_SIZE);
  return { analyses, total, totalPages };
}

export async function getAnalysisHistory(query: HistoryQuery, signal?: AbortSignal): Promise<HistoryPage> {
  const raw = await apiClient.get<unknown>('users/analysis-history', {
    query: {
      page: query.page,
      limit: HISTORY_PAGE_SIZE,
      status: query.status || undefined,
      symbol: query.symbol.trim() || undefined,
    },
    signal,
  });
  return parseHistoryPage(raw);
}

export type HistoryState = { status: 'loading' } | { status: 'error' } | { status: 'ready'; data: HistoryPage };

/** One page of the signed-in user's analyses; reloads whenever the query changes. */
export function useAnalysisHistory(query: HistoryQuery) {
  const [state, setState] = useState<HistoryState>({ status: 'loading' });
  const latest = useRef<AbortController | null>(null);
  const { page, status, symbol } = query;

  const reload = useCallback(async () => {
    latest.current?.abort();
    const controller = new AbortController();
    latest.current = controller;
    setState({ status: 'loading' });
    try {
      const data = await getAnalysisHistory({ page, status, symbol }, controller.signal);
      if (!controller.signal.aborted) setState({ status: 'ready', data });
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Failed to load analysis history', error);
      setState({ status: 'error' });
    }
  }, [page, status, symbol]);

  useEffect(() => {
    void reload();
    return () => latest.current?.abort();
  }, [reload]);

  return { ...state, reload };
}

/**
 * The user's analysis of `symbol` that is still running, if any: a second start of the same
 * symbol is refused (409), and the page follows the running one instead.
 */
export async function findRunningAnalysis(symbol: string, signal?: AbortSignal): Promise<AnalysisRecord | null> {
  const { analyses } = await getAnalysisHistory({ page: 1, status: 'processing', symbol }, signal);
  return analyses.find((record) => record.symbol === symbol && record.status === 'processing') ?? null;
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import type { Credits } from '../types/credits';

function count(value: unknown): number {
  const number = typeof value === 'string' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) ? number : 0;
}

export function parseCredits(raw: unknown): Credits {
  const data = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const max = data.maxDailyCredits;
  return {
    totalCredits: count(data.totalCredits),
    freeCredits: count(data.freeCredits),
    paidCredits: count(data.paidCredits),
    dailyCredits: count(data.dailyCredits),
    maxDailyCredits: max === undefined || max === null || max === '' ? null : count(max),
  };
}

export async function getCredits(signal?: AbortSignal): Promise<Credits> {
  return parseCredits(await apiClient.get<unknown>('users/credits', { signal }));
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
 * The balance of the signed-in user; null for visitors. A failed load is only logged, as the
 * balance is informative and the server re-checks credits on every analysis anyway.
 */
export function useCreditsQuery(userId: string | null): CreditsQuery {
  const [credits, setCredits] = useState<Credits | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);
  const latest = useRef<AbortController | null>(null);

  const refresh = useCallback(async () => {
    latest.current?.abort();
    if (!userId) {
      setCredits(null);
      setIsLoading(false);
      return;
    }
    const controller = new AbortController();
    latest.current = controller;
    setIsLoading(true);
    setHasFailed(false);
    try {
      const next = await getCredits(controller.signal);
      if (!controller.signal.aborted) setCredits(next);
    } catch (error) {
      if (controller.signal.aborted) return;
      console.error('Failed to load credits', error);
      setHasFailed(true);
    } finally {
      if (!controller.signal.aborted) setIsLoading(false);
    }
  }, [userId]);

  useEffect(() => {
    setCredits(null);
    setHasFailed(false);
    void refresh();
    return () => latest.current?.abort();
  }, [refresh]);

  return { credits, isLoading, hasFailed, refresh };
}

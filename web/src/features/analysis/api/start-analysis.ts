import { apiClient } from '@/lib/api-client';

/**
 * POST analysis/analyze/{symbol}: spends one credit and queues the analysis; answers 202 with
 * its id. 402 (no credits), 422 (not analysable) and 409 (already running) arrive as ApiError.
 */
export async function startAnalysis(symbol: string, userProfile: unknown, signal?: AbortSignal): Promise<string> {
  const body = await apiClient.post<{ analysisId?: unknown; id?: unknown }>(
    `analysis/analyze/${encodeURIComponent(symbol)}`,
    // Without a stored profile the field is left out and the server uses what it has.
    { userProfile: userProfile ?? undefined },
    { signal },
  );
  const id = body?.analysisId ?? body?.id;
  if (typeof id !== 'string' || !id) throw new Error('The server did not return an analysis id');
  return id;
}

import { apiClient } from '@/lib/api-client';

/**
 * POST analysis/analyze/{symbol}: spends one credit and queues the analysis; answers 202 with
 * its id. INSUFFICIENT_CREDITS (402), NOT_ANALYSABLE (422) and ANALYSIS_RUNNING (409) arrive
 * as ApiError.
 */
export async function startAnalysis(symbol: string, userProfile: unknown, signal?: AbortSignal): Promise<string> {
  const { analysisId } = await apiClient.post(
    `analysis/analyze/${encodeURIComponent(symbol)}`,
    (s) => s.startAnalysisResponse,
    // Without a stored profile the field is left out and the server uses what it has.
    { userProfile: userProfile ?? undefined },
    { signal },
  );
  return analysisId;
}

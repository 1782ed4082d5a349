import { apiClient } from '@/lib/api-client';

/**
 * POST analysis/analyze/{symbol}: spends one credit and queues the analysis; answers 202 with
 * its id. INSUFFICIENT_CREDITS (402), NOT_ANALYSABLE (422) and ANALYSIS_RUNNING (409) arrive
 * as ApiError. Each start carries an Idempotency-Key of its own: a start resent (by the gateway,
 * when the service it reached went away) makes one analysis and one debit.
 */
export async function startAnalysis(symbol: string, userProfile: unknown, signal?: AbortSignal): Promise<string> {
  const { analysisId } = await apiClient.post(
    `analysis/analyze/${encodeURIComponent(symbol)}`,
    (s) => s.startAnalysisResponse,
    // Without a stored profile the field is left out and the server uses what it has.
    { userProfile: userProfile ?? undefined },
    { headers: { 'Idempotency-Key': crypto.randomUUID() }, signal },
  );
  return analysisId;
}

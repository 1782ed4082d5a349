import { apiClient } from '@/lib/api-client';
import type { AnalysisRecord } from '../types/analysis';
import { AnalysisFollowError } from './follow-errors';
import { parseAnalysisRecord } from './parse-analysis';

/**
 * GET analysis/{id}. The timestamp and no-cache headers keep any cache between here and the
 * service from answering a poll with an older progress (spec section 7).
 */
export async function getAnalysis(id: string, signal?: AbortSignal): Promise<AnalysisRecord> {
  const raw = await apiClient.get<unknown>(`analysis/${encodeURIComponent(id)}`, {
    query: { t: Date.now() },
    headers: { 'Cache-Control': 'no-cache', Pragma: 'no-cache' },
    signal,
  });
  const record = parseAnalysisRecord(raw);
  if (!record) throw new AnalysisFollowError('restart');
  return record;
}

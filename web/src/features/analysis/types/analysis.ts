import type { AnalysisResults } from './results';

/** error is the older name some records carry for failed (spec section 3). */
export type AnalysisStatus = 'processing' | 'completed' | 'failed' | 'error';

/** GET analysis/{id}, each event of analysis/{id}/events, and a row of the history. */
export interface AnalysisRecord {
  id: string;
  symbol: string;
  status: AnalysisStatus;
  /** 0–100. */
  progress: number;
  stage: string | null;
  message: string | null;
  error: string | null;
  results: AnalysisResults | null;
  createdAt: string | null;
  completedAt: string | null;
}

export function isFinished(record: AnalysisRecord): boolean {
  return record.status !== 'processing';
}

export function isFailed(record: AnalysisRecord): boolean {
  return record.status === 'failed' || record.status === 'error';
}

import type { AnalysisStatus, AnalysisView } from '@stockai/contracts';

export type { AnalysisStatus };

/** GET analysis/{id}, each event of analysis/{id}/events, and a row of the history (without results). */
export type AnalysisRecord = AnalysisView;

export function isFinished(record: AnalysisRecord): boolean {
  return record.status !== 'processing';
}

export function isFailed(record: AnalysisRecord): boolean {
  return record.status === 'failed';
}

import type { AnalysisRow, AnalysisStatus } from './repo';
import { stageOf } from './stages';

/** An analysis as the API shows it (GET analysis/{id}, the event stream, the history). */
export interface AnalysisView {
  id: string;
  analysisId: string;
  symbol: string;
  status: AnalysisStatus;
  progress: number;
  stage: number;
  message: string;
  /** A user-facing text (Traditional Chinese) when the analysis failed; never an internal error. */
  error: string | null;
  investorType: string | null;
  fromCache: boolean;
  results?: unknown;
  createdAt: string;
  completedAt: string | null;
}

/** The row as the API shows it; a history row carries no `results` (it is read without them). */
export function viewOf(row: Omit<AnalysisRow, 'results'> & { results?: AnalysisRow['results'] }): AnalysisView {
  return {
    id: row.id,
    analysisId: row.id,
    symbol: row.symbol,
    status: row.status,
    progress: row.progress,
    stage: stageOf(row.progress),
    message: row.message,
    error: row.error,
    investorType: row.investor_type,
    fromCache: row.from_cache,
    ...(row.results ? { results: row.results } : {}),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

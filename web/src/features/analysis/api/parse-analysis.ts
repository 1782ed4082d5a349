import type { AnalysisRecord, AnalysisStatus } from '../types/analysis';
import type { AnalysisResults } from '../types/results';

const STATUSES: readonly AnalysisStatus[] = ['processing', 'completed', 'failed', 'error'];

function text(value: unknown): string | null {
  return typeof value === 'string' && value ? value : null;
}

/**
 * An analysis record from GET analysis/{id}, its event stream or the history; null when the
 * body is not one (e.g. some other page's JSON answered instead), which the caller reports as
 * "restart the analysis".
 */
export function parseAnalysisRecord(raw: unknown): AnalysisRecord | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const data = raw as Record<string, unknown>;
  const status = data.status === 'running' ? 'processing' : data.status;
  if (!STATUSES.includes(status as AnalysisStatus)) return null;
  const id = text(data.id) ?? text(data.analysisId);
  if (!id) return null;
  const progress = typeof data.progress === 'number' ? data.progress : Number(data.progress);
  const results = typeof data.results === 'object' && data.results !== null ? (data.results as AnalysisResults) : null;
  return {
    id,
    symbol: text(data.symbol) ?? '',
    status: status as AnalysisStatus,
    progress: Number.isFinite(progress) ? Math.max(0, Math.min(100, progress)) : 0,
    stage: text(data.stage),
    message: text(data.message),
    error: text(data.error),
    results,
    createdAt: text(data.createdAt),
    completedAt: text(data.completedAt),
  };
}

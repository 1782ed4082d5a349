import type { Database } from '@stockai/platform';
import { type AnalysisStatus, analysesRepo } from './repo';
import { type AnalysisView, viewOf } from './view';

/** One user's past analyses (the history page) and their counts (users/stats). */
export function analysisHistory(db: Database) {
  return {
    async page(query: { userId: string; page: number; limit: number; status?: AnalysisStatus; symbol?: string }) {
      const { rows, total } = await analysesRepo.history(db, query);
      const analyses: AnalysisView[] = rows.map((row) => viewOf(row));
      return { analyses, page: query.page, limit: query.limit, total, totalPages: Math.ceil(total / query.limit) };
    },

    /**
     * How long an analysis takes now: the median of the last 20 completed ones, from the start
     * request to the report (queueing included, as the person waiting sees it). The progress
     * overlay says this instead of a fixed promise; null until an analysis has completed.
     * Rounded up to a tenth of a second: an analysis faster than 50 ms (a cached stock on an idle
     * all-in-one) still took time, and an estimate of 0 s would say it takes none.
     */
    async durationEstimate() {
      const { median, count } = await analysesRepo.recentDurations(db, 20);
      return { seconds: median === null ? null : Math.max(0.1, Math.ceil(median * 10) / 10), basedOn: count };
    },

    async stats(userId: string) {
      const [counts, topSymbols] = await Promise.all([analysesRepo.userStats(db, userId), analysesRepo.topSymbols(db, userId, 5)]);
      return {
        totalAnalyses: Number(counts.total),
        completedAnalyses: Number(counts.completed),
        failedAnalyses: Number(counts.failed),
        processingAnalyses: Number(counts.processing),
        /** Started today, Hong Kong time. */
        todayAnalyses: Number(counts.today),
        lastAnalysisAt: counts.last_analysis_at?.toISOString() ?? null,
        topSymbols,
      };
    },
  };
}
export type AnalysisHistory = ReturnType<typeof analysisHistory>;

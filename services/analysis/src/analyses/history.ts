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

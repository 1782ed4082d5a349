import { randomUUID } from 'node:crypto';
import type { Database, Logger } from '@stockai/platform';
import { aiRequestsRepo, type AiRequestRow } from './repo';

/** The stats cover today and the 6 days before it (UTC), every day listed, newest first. */
export const STATS_DAYS = 7;

export interface AiStats {
  total: { total_requests: number; unique_symbols: number; unique_users: number };
  daily: { date: string; daily_count: number }[];
}

export function aiResultsService(db: Database, logger: Logger, now: () => Date = () => new Date()) {
  return {
    async page(page: number, limit: number) {
      const { rows, total } = await aiRequestsRepo.page(db, limit, (page - 1) * limit);
      return { results: rows, page, totalPages: Math.max(1, Math.ceil(total / limit)), totalCount: total };
    },

    find: (id: string) => aiRequestsRepo.find(db, id),
    delete: (id: string) => aiRequestsRepo.delete(db, id),

    async stats(): Promise<AiStats> {
      const today = new Date(Date.UTC(now().getUTCFullYear(), now().getUTCMonth(), now().getUTCDate()));
      const since = new Date(today.getTime() - (STATS_DAYS - 1) * 86_400_000);
      const [total, counts] = await Promise.all([aiRequestsRepo.totals(db), aiRequestsRepo.dailyCounts(db, since)]);
      const byDate = new Map(counts.map((c) => [c.date, c.daily_count]));
      const daily = Array.from({ length: STATS_DAYS }, (_, i) => {
        const date = new Date(today.getTime() - i * 86_400_000).toISOString().slice(0, 10);
        return { date, daily_count: byDate.get(date) ?? 0 };
      });
      return { total, daily };
    },

    /** Where the AI requests are stored and whether that store answers; never throws, it reports. */
    async diagnostic() {
      try {
        const facts = await aiRequestsRepo.databaseFacts(db);
        return {
          database: `postgresql:${facts.database}/ai_requests`,
          reachable: true,
          exists: facts.tableExists,
          size: facts.sizeBytes,
          recordsTotal: facts.recordsTotal,
        };
      } catch (err) {
        logger.error({ err }, 'AI results diagnostic: database unreachable');
        return { database: 'postgresql', reachable: false, exists: false, size: 0, recordsTotal: 0, error: 'Database not reachable' };
      }
    },

    /**
     * Proves the store works end to end: writes a test record, reads it back, compares, and
     * removes it again so the stats stay about real requests.
     */
    async testSave(adminId: string) {
      const id = randomUUID();
      const record = {
        id,
        analysisId: randomUUID(),
        userId: adminId,
        symbol: 'TEST',
        market: 'US',
        currency: 'USD',
        purpose: 'test' as const,
        model: 'test-save',
        prompt: '測試儲存 (admin test-save)',
        response: '測試回應 ✓',
        error: null,
        tokenUsage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        fullConversation: [
          { role: 'user' as const, content: '測試儲存 (admin test-save)' },
          { role: 'assistant' as const, content: '測試回應 ✓' },
        ],
        durationMs: 0,
      };
      try {
        await aiRequestsRepo.insert(db, record);
        const back: AiRequestRow | undefined = await aiRequestsRepo.find(db, id);
        const same =
          back !== undefined &&
          back.prompt === record.prompt &&
          back.response === record.response &&
          back.token_usage?.total_tokens === 2 &&
          back.full_conversation.length === 2;
        await aiRequestsRepo.delete(db, id);
        return { verification: same ? ('SUCCESS' as const) : ('FAILED' as const), recordId: id };
      } catch (err) {
        logger.error({ err }, 'AI results test-save failed');
        return { verification: 'FAILED' as const, recordId: id, error: 'Could not write or read the test record' };
      }
    },
  };
}

export type AiResultsService = ReturnType<typeof aiResultsService>;

import type { Database, Logger } from '@stockai/platform';
import type { Analyst, AnalystContext } from '../analyst';
import { businessFacts, renderTemplate, summaryFacts, userMessage } from '../analyst/prompt';
import type { MarketData } from '../market-data/types';
import { systemPromptsRepo } from '../prompts/repo';
import { type AiPurpose, type ChatMessage, aiRequestsRepo, exchangeOf } from './repo';

/** The system prompt of each part, as the AI analyst is given it. */
const PROMPT_IDS = { business: 'business-analysis', summary: 'report-summary' } as const;

/** The built-in analyst spends no tokens; recorded as zero, not unknown. */
const NO_TOKENS = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };

/**
 * Records the exchanges of the built-in analyst as the AI analyst records its own (llm.ts): the
 * same system prompt and user message an AI provider would have been sent, the text the built-in
 * analyst wrote as the answer, provider `built-in`. So every analysis leaves its exchange in the
 * admin's AI results, whichever run mode wrote it. The AI analyst records itself; it is returned
 * as it is.
 */
export function recordBuiltInExchanges(analyst: Analyst, deps: { db: Database; logger: Logger }): Analyst {
  if (analyst.name !== 'built-in') return analyst;
  const { db, logger } = deps;

  async function record(
    purpose: Exclude<AiPurpose, 'test'>,
    data: MarketData,
    facts: string,
    answer: string,
    ctx: AnalystContext,
    now: Date,
    started: number,
  ) {
    try {
      const prompt = await systemPromptsRepo.current(db, PROMPT_IDS[purpose]);
      const user = userMessage(facts, data, now);
      const conversation: ChatMessage[] = [
        ...(prompt ? [{ role: 'system' as const, content: renderTemplate(prompt.template, data) }] : []),
        { role: 'user', content: user },
        { role: 'assistant', content: answer },
      ];
      await aiRequestsRepo.insert(db, {
        ...exchangeOf(ctx, data, purpose),
        model: 'built-in',
        prompt: user,
        response: answer,
        error: null,
        tokenUsage: NO_TOKENS,
        fullConversation: conversation,
        durationMs: Date.now() - started,
        provider: 'built-in',
      });
    } catch (err) {
      // The log is for admins; losing one entry must not lose the user's report.
      logger.error({ err, analysisId: ctx.analysisId }, 'could not store the built-in analyst exchange');
    }
  }

  return {
    name: analyst.name,
    async businessNarrative(brief, ctx) {
      const started = Date.now();
      const written = await analyst.businessNarrative(brief, ctx);
      await record('business', brief.data, businessFacts(brief), JSON.stringify(written.value), ctx, brief.now ?? new Date(), started);
      return written;
    },
    async summary(brief, ctx) {
      const started = Date.now();
      const written = await analyst.summary(brief, ctx);
      await record('summary', brief.data, summaryFacts(brief), written.value, ctx, brief.now ?? new Date(), started);
      return written;
    },
  };
}

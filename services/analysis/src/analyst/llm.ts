import { randomUUID } from 'node:crypto';
import OpenAI from 'openai';
import type { Database, Logger } from '@stockai/platform';
import type { MarketData } from '../market-data/types';
import { type AiPurpose, type ChatMessage, type TokenUsage, aiRequestsRepo } from '../ai-results/repo';
import { systemPromptsRepo } from '../prompts/repo';
import { builtInBusinessNarrative } from './built-in-business';
import { builtInSummary } from './built-in';
import type { CircuitBreaker } from './circuit-breaker';
import { businessFacts, cleanText, parseNarrative, renderTemplate, summaryFacts } from './prompt';
import type { Analyst, AnalystContext } from './types';

export interface LlmAnalystOptions {
  client: OpenAI;
  model: string;
  breaker: CircuitBreaker;
  db: Database;
  logger: Logger;
}

/** The system prompt of each part of the report, by its id in system_prompts. */
const PROMPT_IDS = { business: 'business-analysis', summary: 'report-summary' } as const;

/**
 * The AI analyst: an OpenAI-compatible chat model writes the text, with the computed figures
 * in the user message and the admin-editable system prompt. Every request that goes out is
 * stored in ai_requests, answered or not. Whatever goes wrong — timeout, error status, an
 * open breaker, an answer that cannot be used — that part falls back to the built-in text,
 * so a report never fails because of the AI provider.
 */
export function llmAnalyst({ client, model, breaker, db, logger }: LlmAnalystOptions): Analyst {
  async function ask(purpose: Exclude<AiPurpose, 'test'>, data: MarketData, facts: string, ctx: AnalystContext): Promise<string | undefined> {
    const prompt = await systemPromptsRepo.find(db, PROMPT_IDS[purpose]);
    if (!prompt) {
      logger.error({ promptId: PROMPT_IDS[purpose] }, 'system prompt missing; using the built-in analyst');
      return undefined;
    }
    if (!breaker.allow()) {
      logger.warn({ analysisId: ctx.analysisId, purpose }, 'AI provider circuit open; using the built-in analyst');
      return undefined;
    }
    const messages: ChatMessage[] = [
      { role: 'system', content: renderTemplate(prompt.template, data) },
      { role: 'user', content: `以下是計算好的數據（JSON）：\n${facts}` },
    ];
    const started = Date.now();
    let answer: string | undefined;
    let usage: TokenUsage | null = null;
    let error: string | null = null;
    try {
      const completion = await client.chat.completions.create({ model, messages });
      answer = completion.choices[0]?.message?.content ?? undefined;
      if (completion.usage) {
        const { prompt_tokens, completion_tokens, total_tokens } = completion.usage;
        usage = { prompt_tokens, completion_tokens, total_tokens };
      }
      if (!answer) error = 'The model returned no content';
      breaker.succeeded();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      breaker.failed();
      logger.warn({ err, analysisId: ctx.analysisId, purpose, breaker: breaker.state }, 'AI provider request failed; using the built-in analyst');
    }
    try {
      await aiRequestsRepo.insert(db, {
        id: randomUUID(),
        analysisId: ctx.analysisId,
        userId: ctx.userId,
        symbol: ctx.symbol,
        market: data.market,
        currency: data.currency,
        purpose,
        model,
        prompt: messages[1]?.content ?? '',
        response: answer ?? null,
        error,
        tokenUsage: usage,
        fullConversation: answer ? [...messages, { role: 'assistant', content: answer }] : messages,
        durationMs: Date.now() - started,
      });
    } catch (err) {
      // The log is for admins; losing one entry must not lose the user's report.
      logger.error({ err, analysisId: ctx.analysisId }, 'could not store the AI request');
    }
    return answer;
  }

  return {
    name: model,
    async businessNarrative(brief, ctx) {
      const fallback = builtInBusinessNarrative(brief);
      const answer = await ask('business', brief.data, businessFacts(brief), ctx);
      const fields = answer === undefined ? undefined : parseNarrative(answer);
      if (!fields) {
        if (answer !== undefined) logger.warn({ analysisId: ctx.analysisId }, 'AI business answer was not the JSON asked for; using the built-in analyst');
        return { value: fallback, writtenBy: 'built-in' };
      }
      return { value: { ...fallback, ...fields }, writtenBy: 'ai', model };
    },
    async summary(brief, ctx) {
      const answer = await ask('summary', brief.data, summaryFacts(brief), ctx);
      const text = answer === undefined ? '' : cleanText(answer);
      // A summary is prose: an answer in JSON or a code block is the wrong format for the page.
      if (text === '' || /^(\{|\[|```)/.test(text)) {
        if (text !== '') logger.warn({ analysisId: ctx.analysisId }, 'AI summary was not prose; using the built-in analyst');
        return { value: builtInSummary(brief), writtenBy: 'built-in' };
      }
      return { value: text, writtenBy: 'ai', model };
    },
  };
}

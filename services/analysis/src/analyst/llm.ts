import { createHash } from 'node:crypto';
import OpenAI from 'openai';
import type { Database, Logger } from '@stockai/platform';
import type { MarketData } from '../market-data/types';
import { type AiPurpose, type ChatMessage, type TokenUsage, aiRequestsRepo, exchangeOf } from '../ai-results/repo';
import { systemPromptsRepo } from '../prompts/repo';
import { builtInBusinessNarrative } from './built-in-business';
import { builtInSummary } from './built-in';
import type { CircuitBreaker } from './circuit-breaker';
import { businessFacts, cleanText, parseNarrative, renderTemplate, summaryFacts, userMessage } from './prompt';
import type { Citation } from '../report/types';
import { allowedFigures, replaceUnmatched } from './fact-check';
import { replaceContradictedAdvice } from './advice-check';
import type { Analyst, AnalystContext } from './types';

/**
 * Perplexity's sources: `search_results` (title, url, date) when given, else the bare
 * `citations` URLs; other providers send neither. Kept so the report lists them.
 */
function citationsOf(completion: unknown, usedIn: Citation['usedIn']): Citation[] {
  const { citations, search_results: results } = completion as {
    citations?: unknown;
    search_results?: { title?: unknown; url?: unknown; date?: unknown; last_updated?: unknown }[];
  };
  const site = (url: string) => {
    try {
      return new URL(url).hostname;
    } catch {
      return url;
    }
  };
  const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
  if (Array.isArray(results) && results.length > 0) {
    return results
      .filter((r) => typeof r?.url === 'string')
      .map((r) => ({
        title: text(r.title),
        url: r.url as string,
        site: site(r.url as string),
        date: text(r.date) ?? text(r.last_updated),
        usedIn,
      }));
  }
  if (Array.isArray(citations)) {
    return citations
      .filter((c): c is string => typeof c === 'string')
      .map((url) => ({ title: null, url, site: site(url), date: null, usedIn }));
  }
  return [];
}

/** How long the AI may take: each attempt, how many retries, and the whole report. */
export interface AiTiming {
  attemptMs: number;
  retries: number;
  reportBudgetMs: number;
}

export interface LlmAnalystOptions {
  client: OpenAI;
  model: string;
  timing: AiTiming;
  /**
   * How long an answer serves identical requests (same model, system prompt and user message):
   * the result cache's TTL, so a symbol's report written from cached figures reuses the words
   * written from them too. 0: every request goes out.
   */
  answersKeptMs?: number;
  breaker: CircuitBreaker;
  db: Database;
  logger: Logger;
}

/** Less time left than this and an attempt cannot finish: the part is written by the built-in analyst. */
const MIN_ATTEMPT_MS = 250;
/** The longest wait before a retry, whatever the provider's Retry-After asks. */
const MAX_RETRY_WAIT_MS = 1000;

/** Whether another attempt may succeed: timeouts, connection errors, 408/409/429 and 5xx. */
function retryable(err: unknown): boolean {
  const status = (err as { status?: unknown }).status;
  return typeof status !== 'number' || status === 408 || status === 409 || status === 429 || status >= 500;
}

/** The provider's Retry-After in ms, when it sent one in seconds. */
function retryAfterMs(err: unknown): number | null {
  const header = (err as { headers?: { get?(name: string): string | null } }).headers?.get?.('retry-after');
  const seconds = Number(header);
  return header && Number.isFinite(seconds) ? seconds * 1000 : null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A summary is prose: an answer in JSON or a code block is the wrong format for the page. */
const isProse = (text: string) => text !== '' && !/^(\{|\[|```)/.test(text);

/** A model's answer and the sources it gave. */
interface Answer {
  answer: string;
  sources: Citation[];
}

/** What identifies a request: the model and every message, hashed. */
const requestKey = (model: string, messages: ChatMessage[]) =>
  createHash('sha256')
    .update(JSON.stringify([model, messages]))
    .digest('base64');

/** The most answers kept at once; the oldest goes first. */
const ANSWERS_KEPT = 1000;

/**
 * Answers by request, each for `keptMs` from when it was asked, and shared while still on its
 * way: analyses of the same symbol at the same time make one request. An answer on its way is
 * shared only with a report whose own time it covers: its request may run until `needed` (the
 * caller's budget, or one full attempt, whichever ends first); a request bounded by an earlier
 * deadline (another report's budget nearly spent) is not waited for, and the caller sends its
 * own. An answer that did not come (an error, a timeout) or cannot be used is forgotten, so the
 * next request goes out.
 */
function sharedAnswers(keptMs: number) {
  interface Kept {
    answer: Promise<Answer | undefined>;
    /** Until when it serves identical requests. */
    until: number;
    /** The deadline of the request on its way. */
    deadline: number;
    settled: boolean;
  }
  const kept = new Map<string, Kept>();
  return {
    get(key: string, needed: number): Promise<Answer | undefined> | undefined {
      const entry = kept.get(key);
      if (!entry || entry.until <= Date.now()) {
        kept.delete(key);
        return undefined;
      }
      return entry.settled || entry.deadline >= needed ? entry.answer : undefined;
    },
    keep(key: string, answer: Promise<Answer | undefined>, deadline: number, usable: (answer: string) => boolean) {
      if (keptMs <= 0) return;
      if (kept.size >= ANSWERS_KEPT) kept.delete(kept.keys().next().value as string);
      const entry: Kept = { answer, until: Date.now() + keptMs, deadline, settled: false };
      kept.set(key, entry);
      const forget = () => kept.get(key) === entry && kept.delete(key);
      answer.then((a) => {
        entry.settled = true;
        if (a === undefined || !usable(a.answer)) forget();
      }, forget);
    },
  };
}

/** `answer`, or undefined once the report's AI budget (`deadline`) is spent waiting for it. */
async function withinBudget(answer: Promise<Answer | undefined>, deadline: number): Promise<Answer | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const spent = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => resolve(undefined), Math.max(0, deadline - Date.now()));
  });
  try {
    return await Promise.race([answer, spent]);
  } finally {
    clearTimeout(timer);
  }
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
export function llmAnalyst({ client, model, timing, answersKeptMs = 0, breaker, db, logger }: LlmAnalystOptions): Analyst {
  const answers = sharedAnswers(answersKeptMs);
  /** When each report's AI budget runs out, by analysis id; entries of long-finished reports are dropped. */
  const deadlines = new Map<string, number>();
  function deadlineOf(analysisId: string): number {
    const now = Date.now();
    for (const [id, deadline] of deadlines) if (deadline < now - timing.reportBudgetMs) deadlines.delete(id);
    const deadline = deadlines.get(analysisId) ?? now + timing.reportBudgetMs;
    deadlines.set(analysisId, deadline);
    return deadline;
  }

  /**
   * One completion within the report's budget: each attempt aborted at the attempt timeout or
   * the budget's end, whichever is first; a failed attempt retried (up to `retries` times,
   * after the provider's Retry-After capped at 1 s) only while the budget leaves time for it.
   */
  async function complete(messages: ChatMessage[], deadline: number): Promise<OpenAI.Chat.Completions.ChatCompletion> {
    for (let attempt = 0; ; attempt++) {
      const limit = Math.min(timing.attemptMs, deadline - Date.now());
      const signal = AbortSignal.timeout(limit);
      try {
        return await client.chat.completions.create({ model, messages }, { maxRetries: 0, signal });
      } catch (err) {
        // Our own abort reads as "Request was aborted." (or, under jest's VM, "Connection error."): say what it was.
        const failure = signal.aborted ? new Error(`Request timed out after ${limit} ms`) : err;
        const wait = Math.min(retryAfterMs(failure) ?? 250, MAX_RETRY_WAIT_MS);
        if (attempt >= timing.retries || !retryable(failure) || deadline - Date.now() - wait < MIN_ATTEMPT_MS) throw failure;
        await sleep(wait);
      }
    }
  }

  /**
   * The model's answer to the part's system prompt and `facts`, or undefined when there is none to
   * use (then the built-in analyst writes the part). An identical request answered within
   * `answersKeptMs`, or still on its way with time enough for this report, is not sent again: its
   * answer is shared, if it comes within this report's budget. `usable` says whether an answer
   * can be used; one that cannot is not kept for others.
   */
  async function ask(
    purpose: Exclude<AiPurpose, 'test'>,
    data: MarketData,
    facts: string,
    ctx: AnalystContext,
    now: Date,
    usable: (answer: string) => boolean,
  ): Promise<Answer | undefined> {
    const prompt = await systemPromptsRepo.current(db, PROMPT_IDS[purpose]);
    if (!prompt) {
      logger.error({ promptId: PROMPT_IDS[purpose] }, 'system prompt missing; using the built-in analyst');
      return undefined;
    }
    const messages: ChatMessage[] = [
      { role: 'system', content: renderTemplate(prompt.template, data) },
      { role: 'user', content: userMessage(facts, data, now) },
    ];
    const key = requestKey(model, messages);
    const deadline = deadlineOf(ctx.analysisId);
    const shared = answers.get(key, Math.min(deadline, Date.now() + timing.attemptMs));
    if (shared) return withinBudget(shared, deadline);
    if (!breaker.allow()) {
      logger.warn({ analysisId: ctx.analysisId, purpose }, 'AI provider circuit open; using the built-in analyst');
      return undefined;
    }
    if (deadline - Date.now() < MIN_ATTEMPT_MS) {
      logger.warn(
        { analysisId: ctx.analysisId, purpose, budgetMs: timing.reportBudgetMs },
        "the report's AI time is spent; using the built-in analyst",
      );
      return undefined;
    }
    const asked = request(purpose, data, messages, deadline, ctx);
    answers.keep(key, asked, deadline, usable);
    return asked;
  }

  /** Sends one request (retried within the budget) and records it in ai_requests, answered or not. */
  async function request(
    purpose: Exclude<AiPurpose, 'test'>,
    data: MarketData,
    messages: ChatMessage[],
    deadline: number,
    ctx: AnalystContext,
  ): Promise<Answer | undefined> {
    const started = Date.now();
    let answer: string | undefined;
    let sources: Citation[] = [];
    let usage: TokenUsage | null = null;
    let error: string | null = null;
    try {
      const completion = await complete(messages, deadline);
      answer = completion.choices[0]?.message?.content ?? undefined;
      sources = citationsOf(completion, purpose);
      if (completion.usage) {
        const { prompt_tokens, completion_tokens, total_tokens } = completion.usage;
        usage = { prompt_tokens, completion_tokens, total_tokens };
      }
      if (!answer) error = 'The model returned no content';
      breaker.succeeded();
    } catch (err) {
      error = err instanceof Error ? err.message : String(err);
      breaker.failed();
      logger.warn(
        { err, analysisId: ctx.analysisId, purpose, breaker: breaker.state },
        'AI provider request failed; using the built-in analyst',
      );
    }
    try {
      await aiRequestsRepo.insert(db, {
        ...exchangeOf(ctx, data, purpose),
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
    return answer === undefined ? undefined : { answer, sources };
  }

  return {
    name: model,
    async businessNarrative(brief, ctx) {
      const fallback = builtInBusinessNarrative(brief);
      const facts = businessFacts(brief);
      const asked = await ask(
        'business',
        brief.data,
        facts,
        ctx,
        brief.now ?? new Date(),
        (answer) => parseNarrative(answer) !== undefined,
      );
      const fields = asked === undefined ? undefined : parseNarrative(asked.answer);
      if (!fields) {
        if (asked !== undefined)
          logger.warn({ analysisId: ctx.analysisId }, 'AI business answer was not the JSON asked for; using the built-in analyst');
        return { value: fallback, writtenBy: 'built-in' };
      }
      // A field stating a figure the report does not have is the built-in one instead.
      const allowed = allowedFigures(facts, ...Object.values(fallback));
      const checked = Object.fromEntries(
        Object.entries(fields).map(([key, text]) => {
          const own = fallback[key as keyof typeof fallback];
          return [key, replaceUnmatched(text, own, allowed).replaced > 0 ? own : text];
        }),
      );
      return { value: { ...fallback, ...checked }, writtenBy: 'ai', model, sources: asked?.sources ?? [] };
    },
    async summary(brief, ctx) {
      const facts = summaryFacts(brief);
      const asked = await ask('summary', brief.data, facts, ctx, brief.now ?? new Date(), (answer) => isProse(cleanText(answer)));
      const text = asked === undefined ? '' : cleanText(asked.answer);
      const own = builtInSummary(brief);
      if (!isProse(text)) {
        if (text !== '') logger.warn({ analysisId: ctx.analysisId }, 'AI summary was not prose; using the built-in analyst');
        return { value: own, writtenBy: 'built-in' };
      }
      const checked = replaceUnmatched(text, own, allowedFigures(facts, own));
      if (checked.replaced > 0)
        logger.warn(
          { analysisId: ctx.analysisId, replaced: checked.replaced },
          "AI summary sentences stated figures not in the report; replaced by the built-in analyst's",
        );
      const reader = brief.suggestions.byInvestorType.find((a) => a.highlighted);
      const consistent = replaceContradictedAdvice(checked.text, own, reader);
      if (consistent.replaced > 0)
        logger.warn(
          { analysisId: ctx.analysisId, replaced: consistent.replaced, action: reader?.action },
          'AI summary told the reader to hold or buy a stock their type should hold none of; replaced by the built-in advice',
        );
      return { value: consistent.text, writtenBy: 'ai', model, sources: asked?.sources ?? [] };
    },
  };
}

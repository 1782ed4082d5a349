import OpenAI from 'openai';
import type { Database, Logger } from '@stockai/platform';
import { fetchOver, keptAliveHttp } from '../kept-alive-http';
import { builtInAnalyst } from './built-in';
import { circuitBreaker } from './circuit-breaker';
import { DEFAULT_LLM_BASE_URL, DEFAULT_LLM_MODEL, DEFAULT_LLM_REPORT_BUDGET_MS, DEFAULT_LLM_TIMEOUT_MS } from './config';
import { llmAnalyst } from './llm';
import type { Analyst } from './types';

export type { Analyst, AnalystContext, BusinessBrief, BusinessNarrative, SummaryBrief, Written } from './types';
export { builtInAnalyst } from './built-in';
export {
  analystConfigSchema,
  DEFAULT_LLM_BASE_URL,
  DEFAULT_LLM_MODEL,
  DEFAULT_LLM_REPORT_BUDGET_MS,
  DEFAULT_LLM_TIMEOUT_MS,
  type AnalystConfig,
} from './config';

export interface AnalystOptions {
  /** LLM_API_KEY: without it the built-in analyst writes everything. */
  apiKey?: string;
  /** LLM_BASE_URL: any OpenAI-compatible chat API (Perplexity by default, OpenAI, a local Ollama's /v1). */
  baseUrl?: string;
  /** LLM_MODEL. */
  model?: string;
  /** Per attempt, and never past what is left of the report's budget. */
  timeoutMs?: number;
  /** Retries of a failed attempt (timeouts, 408/409/429/5xx, connection errors), only while the report's budget lasts (default 1). */
  maxRetries?: number;
  /** The most AI time one report may take, every part and retry together (default 20 s). */
  reportBudgetMs?: number;
  /** How long an answer serves identical requests (the result cache's TTL; default 0, none). */
  answersKeptMs?: number;
  /** Failed requests in a row that open the circuit breaker, and how long it stays open. */
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  db: Database;
  logger: Logger;
}

/** How long a kept-alive connection to the AI provider may sit unused (undici's default). */
const PROVIDER_IDLE_MS = 4000;

/**
 * The analyst the pipeline uses: the AI analyst when an API key is configured (falling back
 * to the built-in text part by part), else the built-in analyst.
 */
export function createAnalyst(options: AnalystOptions): Analyst {
  if (!options.apiKey) return builtInAnalyst();
  // No SDK retries: it would wait out any Retry-After, however long. llm.ts retries within the budget.
  // Its requests go on Node's own HTTP client rather than the global fetch (ADR 61); a kept-alive
  // connection is dropped after 4 s unused, as undici's fetch does, below any provider's keep-alive.
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl ?? DEFAULT_LLM_BASE_URL,
    maxRetries: 0,
    fetch: fetchOver(keptAliveHttp(PROVIDER_IDLE_MS)),
  });
  return llmAnalyst({
    client,
    model: options.model ?? DEFAULT_LLM_MODEL,
    timing: {
      attemptMs: options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
      retries: options.maxRetries ?? 1,
      reportBudgetMs: options.reportBudgetMs ?? DEFAULT_LLM_REPORT_BUDGET_MS,
    },
    answersKeptMs: options.answersKeptMs ?? 0,
    breaker: circuitBreaker({ threshold: options.breakerThreshold ?? 5, cooldownMs: options.breakerCooldownMs ?? 60_000 }),
    db: options.db,
    logger: options.logger,
  });
}

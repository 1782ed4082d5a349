import OpenAI from 'openai';
import type { Database, Logger } from '@stockai/platform';
import { builtInAnalyst } from './built-in';
import { circuitBreaker } from './circuit-breaker';
import { DEFAULT_LLM_BASE_URL, DEFAULT_LLM_MODEL, DEFAULT_LLM_TIMEOUT_MS } from './config';
import { llmAnalyst } from './llm';
import type { Analyst } from './types';

export type { Analyst, AnalystContext, BusinessBrief, BusinessNarrative, SummaryBrief, Written } from './types';
export { builtInAnalyst } from './built-in';
export { analystConfigSchema, DEFAULT_LLM_BASE_URL, DEFAULT_LLM_MODEL, DEFAULT_LLM_TIMEOUT_MS, type AnalystConfig } from './config';

export interface AnalystOptions {
  /** LLM_API_KEY: without it the built-in analyst writes everything. */
  apiKey?: string;
  /** LLM_BASE_URL: any OpenAI-compatible chat API (Perplexity by default, OpenAI, a local Ollama's /v1). */
  baseUrl?: string;
  /** LLM_MODEL. */
  model?: string;
  /** Per attempt; a report waits at most about (retries + 1) × this per AI part before falling back. */
  timeoutMs?: number;
  /** Retries of a failed attempt (timeouts, 408/409/429/5xx, connection errors), by the openai SDK with backoff. */
  maxRetries?: number;
  /** Failed requests in a row that open the circuit breaker, and how long it stays open. */
  breakerThreshold?: number;
  breakerCooldownMs?: number;
  db: Database;
  logger: Logger;
}

/**
 * The analyst the pipeline uses: the AI analyst when an API key is configured (falling back
 * to the built-in text part by part), else the built-in analyst.
 */
export function createAnalyst(options: AnalystOptions): Analyst {
  if (!options.apiKey) return builtInAnalyst();
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseUrl ?? DEFAULT_LLM_BASE_URL,
    timeout: options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS,
    maxRetries: options.maxRetries ?? 1,
  });
  return llmAnalyst({
    client,
    model: options.model ?? DEFAULT_LLM_MODEL,
    breaker: circuitBreaker({ threshold: options.breakerThreshold ?? 5, cooldownMs: options.breakerCooldownMs ?? 60_000 }),
    db: options.db,
    logger: options.logger,
  });
}

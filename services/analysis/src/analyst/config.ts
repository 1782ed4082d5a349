import { z } from 'zod';
import { env } from '@stockai/platform';

export const DEFAULT_LLM_BASE_URL = 'https://api.perplexity.ai';
export const DEFAULT_LLM_MODEL = 'sonar';
/** The spec promises a report in about 15–20 seconds; an attempt slower than that is better replaced by the built-in text. */
export const DEFAULT_LLM_TIMEOUT_MS = 15_000;
/**
 * The most AI time one report may take, both parts (business text and summary) and any retry
 * together: 20 s, the top of the spec's 15–20 s. Once spent, the rest is built-in text.
 */
export const DEFAULT_LLM_REPORT_BUDGET_MS = 20_000;

/**
 * The AI provider's environment, for main.ts / the all-in-one wiring: LLM_API_KEY (unset or
 * empty: the built-in analyst), LLM_BASE_URL (any OpenAI-compatible chat API; default
 * Perplexity), LLM_MODEL (default sonar), LLM_TIMEOUT_MS (per attempt, default 15000).
 */
export const analystConfigSchema = z.object({
  LLM_API_KEY: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined)),
  LLM_BASE_URL: env.url().default(DEFAULT_LLM_BASE_URL),
  LLM_MODEL: z.string().min(1).default(DEFAULT_LLM_MODEL),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(DEFAULT_LLM_TIMEOUT_MS),
});
export type AnalystConfig = z.infer<typeof analystConfigSchema>;

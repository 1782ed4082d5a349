import { z } from 'zod';
import { env } from '@stockai/platform';
import { DEFAULT_JOB_DEADLINE_MS } from './analyses/jobs';
import { DEFAULT_SWEEP_OPTIONS, type StuckSweepOptions } from './analyses/sweep';
import { analystConfigSchema } from './analyst/config';
import { type BillingUrl, DEFAULT_DEBIT_TIMEOUT_MS } from './billing-client';
import { DEFAULT_PRICE_STALE_DAYS } from './report/valuation';
import { DEFAULT_ALERT_CHECK_SECONDS } from './watchlist/evaluation';

/**
 * The analysis service's own variables (beside the platform's; LLM_* are the analyst's), validated at start-up by
 * `main.ts`, `worker.ts` and the all-in-one process alike.
 *
 * ANALYSIS_WORKERS is how many analysis jobs this process runs at once (one RabbitMQ consumer
 * with prefetch 1 each, competing on `analysis.jobs`). Its default depends on the process:
 * the distributed API process (`main.ts`) runs none, because `worker.ts` runs beside it and
 * scales on its own; `worker.ts` runs 2; the all-in-one process runs 2 in-process (its
 * in-memory bus, like RabbitMQ, gives competing consumers a message each, so while one job
 * waits for the AI provider another runs).
 *
 * PRICE_STALE_DAYS (180): a report whose price is older than this many days gives no call (unrated).
 * BILLING_TIMEOUT_MS (5000): how long the debit may take before billing counts as unavailable.
 * ANALYSIS_JOB_DEADLINE_SECONDS (120): the longest one run of a job may take before it counts
 * as failed (and is retried while attempts remain); keep it under the stuck time.
 * The API process's stuck-analysis sweep runs every ANALYSIS_SWEEP_SECONDS (30) and fails a
 * running analysis with no progress for ANALYSIS_STUCK_AFTER_SECONDS (300), or never queued after
 * ANALYSIS_UNQUEUED_AFTER_SECONDS (60), refunding its credit.
 * The API process evaluates the watchlist's alerts every ALERT_CHECK_SECONDS (300).
 */
export const analysisEnvSchema = analystConfigSchema.extend({
  /** Billing's address, or its replicas' separated by commas (taken in turn, ADR 0073). */
  BILLING_URL: env.urlList('http://127.0.0.1:3002'),
  MARKET_DATA: z.enum(['snapshot', 'yahoo'], { message: 'must be snapshot or yahoo' }).default('snapshot'),
  YAHOO_BASE_URL: env.optionalUrl(),
  ANALYSIS_CACHE_TTL_HOURS: z.coerce.number().min(0, 'must be 0 (no cache) or more').default(6),
  ANALYSIS_WORKERS: z.coerce.number().int().min(0).max(64).optional(),
  ANALYSIS_STARTS_PER_MINUTE: z.coerce.number().int().min(0).default(10),
  BILLING_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(DEFAULT_DEBIT_TIMEOUT_MS),
  ANALYSIS_STUCK_AFTER_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_SWEEP_OPTIONS.stuckAfterSeconds),
  ANALYSIS_UNQUEUED_AFTER_SECONDS: z.coerce.number().int().min(1).default(DEFAULT_SWEEP_OPTIONS.unqueuedAfterSeconds),
  ANALYSIS_SWEEP_SECONDS: z.coerce
    .number()
    .min(0.1)
    .default(DEFAULT_SWEEP_OPTIONS.everyMs / 1000),
  ANALYSIS_JOB_DEADLINE_SECONDS: z.coerce
    .number()
    .min(1)
    .default(DEFAULT_JOB_DEADLINE_MS / 1000),
  PRICE_STALE_DAYS: z.coerce.number().int().min(1, 'must be at least 1 day').default(DEFAULT_PRICE_STALE_DAYS),
  ALERT_CHECK_SECONDS: z.coerce.number().min(1, 'must be at least 1 second').default(DEFAULT_ALERT_CHECK_SECONDS),
});
export type AnalysisEnv = z.infer<typeof analysisEnvSchema>;

/** How the analysis service is built, whichever process builds it. */
export interface AnalysisOptions {
  /** Billing's address or its replicas'; a function where it is known only once billing listens (all-in-one). */
  billingUrl: BillingUrl;
  marketData: 'snapshot' | 'yahoo';
  /** The OpenAI-compatible chat API, when a key is configured; otherwise the built-in analyst. */
  llm?: { apiKey: string; baseUrl: string; model: string; timeoutMs: number };
  cacheTtlHours: number;
  /** Analysis jobs this process runs at once (0: none, a separate worker process runs them). */
  workers: number;
  /** Analysis starts per user per minute (0: no limit). */
  startsPerMinute: number;
  /** Another origin for Yahoo Finance's requests (a stand-in or a proxy). */
  yahooBaseUrl?: string;
  /** How long a debit may take (default 5 s). */
  billingTimeoutMs?: number;
  /** The longest one run of a job may take (default 120 s). */
  jobDeadlineMs?: number;
  /** A price older than this many days gives an unrated report (PRICE_STALE_DAYS, default 180). */
  priceStaleDays?: number;
  /** The stuck-analysis sweep of the API process (defaults: 300 s stuck, 60 s unqueued, every 30 s). */
  sweep?: Partial<StuckSweepOptions>;
  /** How often the API process evaluates the watchlist's alerts (ALERT_CHECK_SECONDS, default 300). */
  alertCheckSeconds?: number;
}

export function analysisOptionsFrom(config: AnalysisEnv, defaultWorkers: number): AnalysisOptions {
  return {
    billingUrl: config.BILLING_URL,
    marketData: config.MARKET_DATA,
    yahooBaseUrl: config.YAHOO_BASE_URL,
    llm: config.LLM_API_KEY
      ? { apiKey: config.LLM_API_KEY, baseUrl: config.LLM_BASE_URL, model: config.LLM_MODEL, timeoutMs: config.LLM_TIMEOUT_MS }
      : undefined,
    cacheTtlHours: config.ANALYSIS_CACHE_TTL_HOURS,
    workers: config.ANALYSIS_WORKERS ?? defaultWorkers,
    startsPerMinute: config.ANALYSIS_STARTS_PER_MINUTE,
    billingTimeoutMs: config.BILLING_TIMEOUT_MS,
    jobDeadlineMs: config.ANALYSIS_JOB_DEADLINE_SECONDS * 1000,
    priceStaleDays: config.PRICE_STALE_DAYS,
    alertCheckSeconds: config.ALERT_CHECK_SECONDS,
    sweep: {
      stuckAfterSeconds: config.ANALYSIS_STUCK_AFTER_SECONDS,
      unqueuedAfterSeconds: config.ANALYSIS_UNQUEUED_AFTER_SECONDS,
      everyMs: config.ANALYSIS_SWEEP_SECONDS * 1000,
    },
  };
}

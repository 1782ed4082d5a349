import { z } from 'zod';

/**
 * Synchronous calls between services, under `/internal/*` on the callee (never routed by
 * the gateway). Only where the caller needs the answer now.
 */

/** billing: POST /internal/credits/debit — spend credits for an analysis, idempotent on `reference`. */
export const debitCreditsRequest = z.object({
  userId: z.uuid(),
  amount: z.number().int().positive().default(1),
  /** The idempotency key, e.g. `analysis:<analysisId>`: a repeated call debits once. */
  reference: z.string().min(1).max(200),
});
export type DebitCreditsRequest = z.infer<typeof debitCreditsRequest>;

export const creditBalance = z.object({
  totalCredits: z.number().int(),
  freeCredits: z.number().int(),
  paidCredits: z.number().int(),
  dailyCredits: z.number().int(),
  maxDailyCredits: z.number().int(),
});
export type CreditBalance = z.infer<typeof creditBalance>;

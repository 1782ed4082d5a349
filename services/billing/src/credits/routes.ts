import { randomUUID } from 'node:crypto';
import { Router } from 'express';
import { z } from 'zod';
import { debitCreditsRequest } from '@stockai/contracts';
import { callerOf, forbidden, idempotencyKeyOf, requireAdmin, requireUser, unauthorized } from '@stockai/platform';
import type { RequestKeys } from '../idempotency/service';
import { creditHistoryQuery } from './history';
import type { CreditsService } from './service';

/** A JSON number: coercion would turn `true` into 1 credit and `[]` into 0. */
/** The member's credit history: the profile shows 10. */
export const historyQuery = creditHistoryQuery(10);

export const topupBody = z.object({ amount: z.number().int('must be a whole number').min(1).max(100_000) });

/**
 * Before any route: the caller's credit account exists (ADR 0068). A token's holder can act at
 * once, before `user.registered` has reached billing; the event later names the account.
 */
export function openCallersAccount(credits: CreditsService): Router {
  const router = Router();
  router.use(async (req, _res, next) => {
    if (req.caller) await credits.openOnFirstUse(req.caller.id);
    next();
  });
  return router;
}

export function creditsRoutes(credits: CreditsService, options: { demoPayments: boolean; requestKeys: RequestKeys }): Router {
  const router = Router();

  router.get('/api/users/credits', requireUser, async (req, res) => {
    res.json(await credits.balance(callerOf(req).id));
  });

  /** The caller's credit history (purchases, analyses, refunds, daily credits, an admin's adjustments with the reason). */
  router.get('/api/users/credit-history', requireUser, async (req, res) => {
    const { page, limit } = historyQuery.parse(req.query);
    res.json({ success: true, ...(await credits.history(callerOf(req).id, page, limit)) });
  });

  /**
   * Paid credits without a payment: for admins, or for anyone while the demo card processor is
   * active (no Stripe key). An `Idempotency-Key` header makes a retried top-up count once (and
   * names that amount only: another is a 422).
   */
  router.post('/api/users/topup', requireUser, async (req, res) => {
    const caller = callerOf(req);
    if (caller.role !== 'admin' && !options.demoPayments) {
      throw forbidden('Top-up without payment is only available to admins', 'TOPUP_FORBIDDEN');
    }
    const { amount } = topupBody.parse(req.body ?? {});
    const key = idempotencyKeyOf(req);
    await options.requestKeys.bind(caller.id, 'topup', key, { amount });
    const balance = await credits.grant(
      caller.id,
      amount,
      caller.role === 'admin' ? 'admin' : 'purchase',
      `topup:${caller.id}:${key ?? randomUUID()}`,
    );
    res.json({ success: true, ...balance });
  });

  /**
   * Internal (never routed by the gateway): the analysis service spends a credit before it
   * starts an analysis. Idempotent on `reference`; 402 `Insufficient credits` when empty.
   * The caller forwards the end user's bearer token, and only that user (or an admin) may
   * spend the user's credits (docs/decisions/0007-internal-routes-carry-the-callers-token.md).
   */
  router.post('/internal/credits/debit', async (req, res) => {
    if (!req.caller)
      throw unauthorized(
        "A debit must carry the end user's bearer token (forward the user's Authorization header)",
        'CALLER_TOKEN_REQUIRED',
      );
    const body = debitCreditsRequest.parse(req.body ?? {});
    if (req.caller.id !== body.userId && req.caller.role !== 'admin') {
      throw forbidden(
        "userId: the token belongs to another user; only the user's own token may spend the user's credits",
        'DEBIT_FORBIDDEN',
      );
    }
    res.json(await credits.debit(body.userId, body.amount, body.reference));
  });

  /**
   * Internal, for the admin area: whether every account's cached balances equal its ledger.
   * `ok` with no mismatches is the expected answer; anything else is a bug to investigate.
   */
  router.get('/internal/admin/credits/reconciliation', requireAdmin, async (_req, res) => {
    res.json(await credits.reconciliation());
  });

  return router;
}

import { randomUUID } from 'node:crypto';
import { type InvestorPreferences, type RiskProfileId, eventData, investorPreferencesFrom } from '@stockai/contracts';
import { AppError, type Database, type Logger, newEvent, notFound, serviceUnavailable, writeOutbox } from '@stockai/platform';
import { type BillingClient, BillingUnavailable } from '../billing-client';
import { type AnalysisRef, recordFailure } from './failure';
import { analysisIdFor } from './idempotency';
import { investorTypeFrom } from './investor-type';
import { analysesRepo } from './repo';
import { STAGES } from './stages';
import { type AnalysisView, isUuid, viewOf } from './view';

/** What the service needs to know about a symbol before it charges for an analysis of it. */
export interface StockChecker {
  normaliseSymbol(symbol: string): string;
  statusOf(symbol: string): Promise<{ symbol: string; isActive: boolean; status: string; reason: string | null } | null>;
}

export interface AnalysesDeps {
  db: Database;
  billing: BillingClient;
  stocks: StockChecker;
  logger: Logger;
  afterCommit: () => void;
}

/**
 * 422: the symbol is known but not something the product analyses (an ETF, a REIT, delisted…);
 * the answer carries the stock's status, as GET /api/stocks/status/:symbol does, for the page.
 */
export function notAnalysable(stock: { symbol: string; status: string; reason: string | null }): AppError {
  const message = stock.reason ?? `${stock.symbol} cannot be analysed (${stock.status})`;
  const { symbol, status } = stock;
  return new AppError(422, 'NOT_ANALYSABLE', message, {}, { symbol, isActive: false, status, reason: message });
}

/** 409: the user already runs an analysis of this symbol; the answer names it, so the page can follow it. */
export const alreadyRunning = (analysisId: string, symbol: string): AppError =>
  new AppError(409, 'ANALYSIS_RUNNING', `An analysis of ${symbol} is already running`, {}, { analysisId });

/** Tries at the running slot before giving up: a conflict whose running analysis finished meanwhile is tried again. */
const RESERVE_TRIES = 3;

export function analysesService(deps: AnalysesDeps) {
  const { db, billing, stocks, logger } = deps;

  return {
    /**
     * Starts an analysis in three steps, none holding a database connection while billing
     * answers (on PGlite that would stall every other query):
     * 1. record the analysis (processing, not yet queued): this takes the user's one running
     *    slot for the symbol, so a second start answers 409 with the running id before anything
     *    is charged;
     * 2. debit 1 credit through billing under `analysis:<id>`;
     * 3. queue the job: `analysis.requested` to the outbox, and the row marked queued, in one
     *    statement.
     * A clean refusal from billing (402, or a connection refused: nothing charged) removes the
     * row. An unknown outcome (a timeout, a 5xx) fails the analysis and publishes
     * `analysis.failed`, on which billing refunds the debit if it happened. A process killed
     * between the steps leaves an unqueued row, which the stuck-analysis sweep fails the same way.
     *
     * With an idempotency key the id is derived from the user and the key: a retried POST finds
     * its analysis and answers with it, charged once (a retry of a start that died before
     * queueing finishes it: the debit is idempotent, the queueing conditional).
     */
    async start(input: {
      userId: string;
      symbol: string;
      userProfile: unknown;
      authorization: string | undefined;
      idempotencyKey?: string;
    }): Promise<{ analysisId: string }> {
      const symbol = stocks.normaliseSymbol(input.symbol);
      const status = await stocks.statusOf(symbol);
      if (!status) throw notFound(`Unknown stock symbol: ${symbol}`, 'UNKNOWN_SYMBOL');
      if (status.status === 'no_data')
        throw await refused(
          input.userId,
          status.symbol,
          new AppError(422, 'NO_MARKET_DATA', status.reason ?? `${status.symbol} has no market data`),
        );
      if (!status.isActive) throw await refused(input.userId, status.symbol, notAnalysable(status));

      const analysisId = input.idempotencyKey ? analysisIdFor(input.userId, input.idempotencyKey) : randomUUID();
      const ref: AnalysisRef = { analysisId, userId: input.userId, symbol: status.symbol };
      // What the userProfile names; the rest is the user's stored type and preferences, read as the row is written.
      const profile = { investorType: investorTypeFrom(input.userProfile), preferences: investorPreferencesFrom(input.userProfile) };
      const reserved = await reserve(ref, profile);
      if (!reserved) return { analysisId };

      try {
        await billing.debit({ userId: input.userId, amount: 1, reference: `analysis:${analysisId}` }, input.authorization);
      } catch (err) {
        if (nothingDebited(err)) {
          await analysesRepo
            .removeUnqueued(db, analysisId)
            .catch((e: unknown) => logger.error({ err: e, analysisId }, 'could not remove a refused start; the sweep will fail it'));
          if (err instanceof AppError && err.code === 'INSUFFICIENT_CREDITS') throw await refused(input.userId, status.symbol, err);
        } else {
          await failUnconfirmed(ref, err);
        }
        throw err;
      }

      await queue(ref);
      logger.info({ analysisId, userId: input.userId, symbol: status.symbol, investorType: reserved.investorType }, 'analysis started');
      return { analysisId };
    },

    async get(id: string, userId: string): Promise<AnalysisView> {
      const row = isUuid(id) ? await analysesRepo.findOwned(db, id, userId) : undefined;
      if (!row) throw notFound('Analysis not found', 'ANALYSIS_NOT_FOUND');
      return viewOf(row);
    },
  };

  /**
   * Step 1. The investor type recorded when this call recorded the analysis, or found its own
   * earlier try still waiting to be queued (it goes on to debit and queue); undefined when an
   * earlier try with the same key is past that (the caller answers with its id). Throws 409 with
   * the running analysis's id.
   */
  async function reserve(
    ref: AnalysisRef,
    profile: { investorType: RiskProfileId | null; preferences: InvestorPreferences | null },
  ): Promise<{ investorType: RiskProfileId | null } | undefined> {
    const row = { id: ref.analysisId, userId: ref.userId, symbol: ref.symbol, message: STAGES.queued.message, ...profile };
    for (let i = 0; i < RESERVE_TRIES; i++) {
      const recorded = await analysesRepo.insert(db, row);
      if (recorded) return recorded;
      const earlier = await analysesRepo.findOwned(db, ref.analysisId, ref.userId);
      if (earlier) {
        if (earlier.symbol !== ref.symbol)
          throw new AppError(422, 'IDEMPOTENCY_KEY_REUSED', 'This Idempotency-Key was used for an analysis of another symbol');
        return earlier.status === 'processing' && earlier.queued_at === null ? { investorType: earlier.investor_type } : undefined;
      }
      const running = await analysesRepo.runningFor(db, ref.userId, ref.symbol);
      if (running) throw alreadyRunning(running, ref.symbol);
    }
    throw serviceUnavailable('The analysis could not be started; please try again shortly.', 'ANALYSIS_BUSY');
  }

  /**
   * A start refused for a reason an admin would want to see in the activity log (spec: activities,
   * analysis_attempt failed): announced as `analysis.refused`, then the refusal goes to the user
   * unchanged. Not recording it is logged and never changes the user's answer.
   */
  async function refused(userId: string, symbol: string, refusal: AppError): Promise<AppError> {
    try {
      await db.transaction((tx) =>
        writeOutbox(
          tx,
          newEvent('analysis.refused', eventData('analysis.refused', { userId, symbol, code: refusal.code, reason: refusal.message })),
        ),
      );
      deps.afterCommit();
    } catch (err) {
      logger.error({ err, userId, symbol, code: refusal.code }, 'could not record a refused analysis start');
    }
    return refusal;
  }

  /** Step 3. The job goes out with the row marked queued; nothing is queued for an analysis the sweep already failed. */
  async function queue(ref: AnalysisRef) {
    try {
      const job = newEvent('analysis.requested', eventData('analysis.requested', ref));
      if (await analysesRepo.queue(db, ref.analysisId, job)) deps.afterCommit();
    } catch (err) {
      logger.error({ err, ...ref }, 'a debited analysis could not be queued; the sweep will fail it and billing will refund it');
      throw serviceUnavailable(
        'The analysis could not be queued. If you were charged, it is returned automatically. Please try again shortly.',
        'ANALYSIS_NOT_QUEUED',
      );
    }
  }

  /** Billing may have taken the credit: the analysis fails with `analysis.failed`, refunded by billing if it was. */
  async function failUnconfirmed(ref: AnalysisRef, cause: unknown) {
    logger.warn(
      { err: cause, ...ref, reference: `analysis:${ref.analysisId}` },
      'billing did not confirm the debit; failing the analysis so any debit is refunded',
    );
    try {
      if (await db.transaction((tx) => recordFailure(tx, ref, 'billingUnconfirmed'))) deps.afterCommit();
    } catch (err) {
      logger.error({ err, ...ref }, 'could not fail an unconfirmed start; the sweep will');
    }
  }
}

/**
 * Whether billing's answer proves nothing was debited: a refusal (402 and any other 4xx) or a
 * connection that never reached it. Anything else (a timeout, a 5xx, an unexpected error) may
 * hide a debit.
 */
function nothingDebited(err: unknown): boolean {
  if (err instanceof BillingUnavailable) return !err.mayHaveDebited;
  return err instanceof AppError && err.status < 500;
}

export type AnalysesService = ReturnType<typeof analysesService>;

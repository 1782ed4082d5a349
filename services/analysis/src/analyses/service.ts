import { randomUUID } from 'node:crypto';
import { eventData } from '@stockai/contracts';
import { AppError, type Database, type EventBus, type Logger, conflict, newEvent, notFound, writeOutbox } from '@stockai/platform';
import { type BillingClient, BillingUnavailable } from '../billing-client';
import { investorTypeFrom } from './investor-type';
import { type AnalysisRow, type AnalysisStatus, analysesRepo } from './repo';
import { STAGES, stageOf } from './stages';

/** What the service needs to know about a symbol before it charges for an analysis of it. */
export interface StockChecker {
  normaliseSymbol(symbol: string): string;
  statusOf(symbol: string): Promise<{ symbol: string; isActive: boolean; status: string; reason: string | null } | null>;
}

export interface AnalysesDeps {
  db: Database;
  bus: Pick<EventBus, 'publish'>;
  billing: BillingClient;
  stocks: StockChecker;
  logger: Logger;
  afterCommit: () => void;
}

/** An analysis as the API shows it (GET analysis/{id}, the event stream, the history). */
export interface AnalysisView {
  id: string;
  analysisId: string;
  symbol: string;
  status: AnalysisStatus;
  progress: number;
  stage: number;
  message: string;
  error: string | null;
  investorType: string | null;
  fromCache: boolean;
  results?: unknown;
  createdAt: string;
  completedAt: string | null;
}

export function viewOf(row: AnalysisRow): AnalysisView {
  return {
    id: row.id,
    analysisId: row.id,
    symbol: row.symbol,
    status: row.status,
    progress: row.progress,
    stage: stageOf(row.progress),
    message: row.message,
    error: row.error,
    investorType: row.investor_type,
    fromCache: row.from_cache,
    ...(row.results ? { results: row.results } : {}),
    createdAt: row.created_at.toISOString(),
    completedAt: row.completed_at?.toISOString() ?? null,
  };
}

/** 422: the symbol is known but not something the product analyses (an ETF, a REIT, delisted…). */
export class NotAnalysable extends AppError {
  constructor(readonly stock: { symbol: string; status: string; reason: string | null }) {
    super(422, 'NOT_ANALYSABLE', stock.reason ?? `${stock.symbol} cannot be analysed (${stock.status})`);
  }
}

/** 409: the user already runs an analysis of this symbol; the page can follow that one. */
export class AlreadyRunning extends AppError {
  constructor(readonly analysisId: string, symbol: string) {
    const { status, code, message } = conflict(`An analysis of ${symbol} is already running`, 'ANALYSIS_RUNNING');
    super(status, code, message);
  }
}

export function analysesService(deps: AnalysesDeps) {
  const { db, billing, stocks, logger } = deps;

  return {
    /**
     * Starts an analysis: checks the symbol (unknown 404, not analysable 422, both free) and the
     * user's running analyses (409), debits 1 credit through billing (idempotent on
     * `analysis:<id>`; 402 and 503 leave nothing recorded), then records the analysis and queues
     * its job through the outbox in one transaction. No database connection is held while
     * billing answers (on PGlite that would stall every other query). The debit comes first, so
     * a credit can be taken without an analysis in two cases, both refunded by an
     * `analysis.failed` for the id (billing ignores it when no debit exists): a concurrent start
     * of the same symbol won the running slot (the loser answers 409), or billing may have
     * debited before failing (a timeout, a 5xx).
     */
    async start(input: { userId: string; symbol: string; userProfile: unknown; authorization: string | undefined }): Promise<{ analysisId: string }> {
      const symbol = stocks.normaliseSymbol(input.symbol);
      const status = await stocks.statusOf(symbol);
      if (!status) throw notFound(`Unknown stock symbol: ${symbol}`, 'UNKNOWN_SYMBOL');
      if (!status.isActive) throw new NotAnalysable(status);
      const running = await analysesRepo.runningFor(db, input.userId, status.symbol);
      if (running) throw new AlreadyRunning(running, status.symbol);

      const analysisId = randomUUID();
      const ref = { analysisId, userId: input.userId, symbol: status.symbol };
      try {
        await billing.debit({ userId: input.userId, amount: 1, reference: `analysis:${analysisId}` }, input.authorization);
      } catch (err) {
        if (err instanceof BillingUnavailable && err.mayHaveDebited) await refund(ref, 'billing did not confirm the debit; the analysis was not started');
        throw err;
      }

      const investorType = investorTypeFrom(input.userProfile);
      let recorded: boolean;
      try {
        recorded = await db.transaction(async (tx) => {
          const row = { id: analysisId, userId: input.userId, symbol: status.symbol, message: STAGES.queued.message, investorType };
          if (!(await analysesRepo.insert(tx, row))) {
            await writeOutbox(tx, failedEvent(ref, 'another analysis of this symbol was already running'));
            return false;
          }
          await writeOutbox(tx, newEvent('analysis.requested', eventData('analysis.requested', ref)));
          return true;
        });
      } catch (err) {
        await refund(ref, 'the analysis could not be recorded');
        throw err;
      }
      deps.afterCommit();
      if (!recorded) {
        const other = await analysesRepo.runningFor(db, input.userId, status.symbol);
        throw new AlreadyRunning(other ?? analysisId, status.symbol);
      }
      logger.info({ analysisId, userId: input.userId, symbol: status.symbol, investorType }, 'analysis started');
      return { analysisId };
    },

    async get(id: string, userId: string): Promise<AnalysisView> {
      const row = isUuid(id) ? await analysesRepo.findOwned(db, id, userId) : undefined;
      if (!row) throw notFound('Analysis not found', 'ANALYSIS_NOT_FOUND');
      return viewOf(row);
    },
  };

  /**
   * Gives back a credit taken for an analysis that does not exist: through the outbox when the
   * database answers, else straight on the bus; if both fail the reference is logged for the
   * ledger's reconciliation.
   */
  async function refund(ref: { analysisId: string; userId: string; symbol: string }, error: string) {
    const event = failedEvent(ref, error);
    try {
      await db.transaction((tx) => writeOutbox(tx, event));
      deps.afterCommit();
    } catch {
      await deps.bus.publish(event).catch((err: unknown) =>
        logger.error({ err, ...ref, reference: `analysis:${ref.analysisId}` }, 'could not ask billing to refund a debit without an analysis'),
      );
    }
  }
}

function failedEvent(ref: { analysisId: string; userId: string; symbol: string }, error: string) {
  return newEvent('analysis.failed', eventData('analysis.failed', { ...ref, error }));
}

export type AnalysesService = ReturnType<typeof analysesService>;

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

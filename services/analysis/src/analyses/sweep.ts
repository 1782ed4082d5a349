import { type Database, type Logger, type PeriodicJob, runPeriodically } from '@stockai/platform';
import { recordFailure } from './failure';
import { analysesRepo } from './repo';

export interface StuckSweepOptions {
  /** A running analysis with no sign of life (a new attempt, a stage done) this long has no worker moving it. */
  stuckAfterSeconds: number;
  /** A start's row still unqueued this long lost its request (killed between the debit and the queueing). */
  unqueuedAfterSeconds: number;
  /** How often the sweep runs. */
  everyMs: number;
}

export const DEFAULT_SWEEP_OPTIONS: StuckSweepOptions = { stuckAfterSeconds: 300, unqueuedAfterSeconds: 60, everyMs: 30_000 };

/** Analyses failed per transaction; a longer backlog is taken in several. */
const BATCH = 50;

/**
 * The stuck-analysis sweep, run by the API process: an analysis no worker finishes (none is
 * running, its job was dead-lettered after a database blip, a stage hung past every deadline)
 * would otherwise stay processing for ever, keeping the user's credit and blocking the symbol
 * through the one-running index. Each one is failed with a user-facing text and `analysis.failed`
 * goes through the outbox in the same transaction, so billing refunds it once (the refund's
 * ledger key). Rows are locked with SKIP LOCKED and failed only while still processing, so
 * several API replicas may sweep at once, and a worker finishing the job meanwhile wins or loses
 * cleanly: the job ignores an analysis no longer processing.
 */
export function stuckAnalysisSweep(deps: { db: Database; logger: Logger; afterCommit: () => void }, options: StuckSweepOptions) {
  const { db, logger } = deps;
  let job: PeriodicJob | undefined;

  async function sweepOnce(): Promise<number> {
    let total = 0;
    for (;;) {
      const failed = await db.transaction(async (tx) => {
        const stuck = await analysesRepo.lockStuck(tx, { ...options, max: BATCH });
        for (const row of stuck) {
          const ref = { analysisId: row.id, userId: row.user_id, symbol: row.symbol };
          if (await recordFailure(tx, ref, 'stuck'))
            logger.warn({ ...ref, queued: row.queued_at !== null }, 'stuck analysis failed by the sweep; its credit is refunded');
        }
        return stuck.length;
      });
      total += failed;
      if (failed > 0) deps.afterCommit();
      if (failed < BATCH) return total;
    }
  }

  return {
    sweepOnce,
    start() {
      job = runPeriodically({
        everyMs: options.everyMs,
        run: sweepOnce,
        onError: (err) => logger.error({ err }, 'stuck-analysis sweep failed; trying again next round'),
      });
    },
    async stop() {
      await job?.stop();
    },
  };
}

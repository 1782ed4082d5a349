import { eventData, eventQueue, parseEventData } from '@stockai/contracts';
import { type EventBus, type Logger, type Subscription, analysisDuration, newEvent } from '@stockai/platform';
import { type FailureCause, recordFailure } from './failure';
import { MarketDataMissing, type PipelineDeps, runPipeline } from './pipeline';
import { type AnalysisRow, analysesRepo } from './repo';
import { STAGES } from './stages';

/** The durable work queue the workers compete on (RabbitMQ: one message to one consumer). */
const jobsQueue = eventQueue('analysis.jobs');
export const JOBS_QUEUE = jobsQueue.queue;

/**
 * Runs of one job before it ends as failed. Counted in the analysis row, not only by the bus,
 * so a job that kills its worker each time (and so is redelivered by RabbitMQ without its
 * attempt header going up) also stops after this many.
 */
export const MAX_JOB_ATTEMPTS = 3;

/** The longest one run of a job may take by default (ANALYSIS_JOB_DEADLINE_SECONDS). */
export const DEFAULT_JOB_DEADLINE_MS = 120_000;

export interface JobDeps extends PipelineDeps {
  logger: Logger;
  /** Asks the outbox relay to publish soon, after a completion or failure committed. */
  afterCommit: () => void;
  /**
   * The longest one run may take: a run past it counts as failed (and is retried while attempts
   * remain), so a hung stage (a provider that never answers) cannot hold a job forever. Kept
   * under the sweep's stuck time, so the sweep only meets jobs no worker runs at all.
   */
  deadlineMs: number;
}

/**
 * `count` competing consumers of `analysis.requested` on the durable queue `analysis.jobs`
 * (RabbitMQ with prefetch 1: each runs one job at a time; a message is acked only when its job
 * finished). A worker that dies mid-job leaves the message unacked, so RabbitMQ hands it to
 * another worker, which runs the job again from its analysis row: the job is idempotent on the
 * analysis id (a finished analysis is left alone, and only the first completion is recorded and
 * announced). A job that fails is retried by the bus; the last allowed run records the failure
 * and publishes `analysis.failed`, on which billing refunds the credit.
 */
export function analysisJobSubscriptions(deps: JobDeps, count: number): Subscription[] {
  const subscription: Subscription = {
    ...jobsQueue,
    maxAttempts: MAX_JOB_ATTEMPTS + 1,
    retryDelayMs: 1000,
    handler: async (event) => {
      const { analysisId } = parseEventData('analysis.requested', event.data);
      await runJob(deps, analysisId);
    },
  };
  return Array.from({ length: count }, () => subscription);
}

/**
 * Makes sure the durable job queue and its binding exist, for a process that publishes jobs but
 * runs none (the distributed API process): an event published while no queue is bound is
 * dropped by RabbitMQ, so a job started before the first worker came up would be lost. A
 * process started by runServiceProcess has it declared with the whole topology already
 * (contracts' event-queues.ts); this also covers a bus created without that list (the test
 * harnesses'). The bus declares a queue when it is subscribed to, so this subscribes and stops
 * at once (the queue and its messages stay); a job delivered in that instant is simply run here.
 */
export async function declareJobQueue(bus: Pick<EventBus, 'subscribe'>, deps: JobDeps): Promise<void> {
  const [subscription] = analysisJobSubscriptions(deps, 1);
  if (subscription) await (await bus.subscribe(subscription)).close();
}

/**
 * One run of an analysis's job. An analysis no longer processing (finished by an earlier
 * delivery, or failed by the stuck sweep) is left alone, and every write below is conditional
 * on it still processing, so a run that loses that race changes nothing.
 */
async function runJob(deps: JobDeps, analysisId: string): Promise<void> {
  const { db, logger } = deps;
  const analysis = await analysesRepo.startAttempt(db, analysisId);
  if (!analysis) return;
  const attempt = analysis.attempts;
  if (attempt > MAX_JOB_ATTEMPTS) {
    logger.error({ analysisId, symbol: analysis.symbol, attempt }, 'analysis job ended its worker on every attempt');
    await finishFailed(deps, analysis, 'jobFailed');
    return;
  }
  const started = performance.now();
  const took = (outcome: string) => analysisDuration().record((performance.now() - started) / 1000, { outcome });
  try {
    const outcome = await withDeadline(deps.deadlineMs, (signal) => runPipeline(deps, analysis, signal));
    await finishCompleted(deps, analysis, outcome);
    took('completed');
  } catch (err) {
    if (attempt < MAX_JOB_ATTEMPTS) {
      took('retried');
      logger.warn({ err, analysisId, symbol: analysis.symbol, attempt }, 'analysis job failed; it will be retried');
      throw err;
    }
    took('failed');
    logger.error({ err, analysisId, symbol: analysis.symbol, attempt }, 'analysis job failed on its last attempt');
    await finishFailed(deps, analysis, err instanceof MarketDataMissing ? 'noMarketData' : 'jobFailed');
  }
}

/** A run past its deadline: the job's error, logged with the analysis id. */
export class JobDeadlineExceeded extends Error {
  constructor(ms: number) {
    super(`the analysis run took longer than ${ms} ms`);
  }
}

/**
 * `run`'s result, or a rejection once `ms` passed. The run is told through `signal` and stops
 * at its next stage (a stage cannot be interrupted midway); whatever it does after is ignored.
 */
async function withDeadline<T>(ms: number, run: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new JobDeadlineExceeded(ms));
    }, ms);
  });
  const running = run(controller.signal);
  running.catch(() => undefined);
  try {
    return await Promise.race([running, expired]);
  } finally {
    clearTimeout(timer);
  }
}

async function finishCompleted(deps: JobDeps, analysis: AnalysisRow, { results, fromCache }: Awaited<ReturnType<typeof runPipeline>>) {
  const data = eventData('analysis.completed', { analysisId: analysis.id, userId: analysis.user_id, symbol: analysis.symbol });
  const change = { results, message: STAGES.completed.message, fromCache };
  const completed = await analysesRepo.complete(deps.db, analysis.id, change, newEvent('analysis.completed', data));
  if (completed) {
    deps.afterCommit();
    // The streams of this process end on the committed row as it is, report included: no read.
    deps.notices.emit(analysis.id, { ended: completed });
  }
}

async function finishFailed(deps: JobDeps, analysis: AnalysisRow, cause: FailureCause) {
  const ref = { analysisId: analysis.id, userId: analysis.user_id, symbol: analysis.symbol };
  if (await deps.db.transaction((tx) => recordFailure(tx, ref, cause))) {
    deps.logger.error({ ...ref, cause }, 'analysis failed; its credit is refunded');
    deps.afterCommit();
    deps.notices.emit(analysis.id, 'ended');
  }
}

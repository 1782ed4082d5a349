import { eventData, parseEventData } from '@stockai/contracts';
import { type EventBus, type Logger, type Subscription, newEvent, writeOutbox } from '@stockai/platform';
import { type PipelineDeps, runPipeline } from './pipeline';
import { type AnalysisRow, analysesRepo } from './repo';
import { FAILED_MESSAGE, STAGES } from './stages';

/** The durable work queue the workers compete on (RabbitMQ: one message to one consumer). */
export const JOBS_QUEUE = 'analysis.jobs';

/**
 * Runs of one job before it ends as failed. Counted in the analysis row, not only by the bus,
 * so a job that kills its worker each time (and so is redelivered by RabbitMQ without its
 * attempt header going up) also stops after this many.
 */
export const MAX_JOB_ATTEMPTS = 3;

export interface JobDeps extends PipelineDeps {
  logger: Logger;
  /** Asks the outbox relay to publish soon, after a completion or failure committed. */
  afterCommit: () => void;
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
    queue: JOBS_QUEUE,
    patterns: ['analysis.requested'],
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
 * dropped by RabbitMQ, so a job started before the first worker came up would be lost. The bus
 * declares a queue when it is subscribed to, so this subscribes and stops at once (the queue and
 * its messages stay); a job delivered in that instant is simply run here.
 */
export async function declareJobQueue(bus: Pick<EventBus, 'subscribe'>, deps: JobDeps): Promise<void> {
  const [subscription] = analysisJobSubscriptions(deps, 1);
  if (subscription) await (await bus.subscribe(subscription)).close();
}

export async function runJob(deps: JobDeps, analysisId: string): Promise<void> {
  const { db, logger } = deps;
  const analysis = await analysesRepo.find(db, analysisId);
  if (!analysis || analysis.status !== 'processing') return;
  const attempt = await analysesRepo.startAttempt(db, analysisId);
  if (attempt === undefined) return;
  if (attempt > MAX_JOB_ATTEMPTS) {
    await finishFailed(deps, analysis, `分析在 ${MAX_JOB_ATTEMPTS} 次嘗試後仍未完成，請稍後再試`);
    return;
  }
  try {
    const results = await runPipeline(deps, analysis);
    await finishCompleted(deps, analysis, results);
  } catch (err) {
    logger.warn({ err, analysisId, symbol: analysis.symbol, attempt }, 'analysis job failed');
    if (attempt < MAX_JOB_ATTEMPTS) throw err;
    await finishFailed(deps, analysis, errorText(err));
  }
}

async function finishCompleted(deps: JobDeps, analysis: AnalysisRow, results: Awaited<ReturnType<typeof runPipeline>>) {
  const completed = await deps.db.transaction(async (tx) => {
    if (!(await analysesRepo.complete(tx, analysis.id, results, STAGES.completed.message))) return false;
    const data = eventData('analysis.completed', { analysisId: analysis.id, userId: analysis.user_id, symbol: analysis.symbol });
    await writeOutbox(tx, newEvent('analysis.completed', data));
    return true;
  });
  if (completed) deps.afterCommit();
}

async function finishFailed(deps: JobDeps, analysis: AnalysisRow, error: string) {
  const failed = await deps.db.transaction(async (tx) => {
    if (!(await analysesRepo.fail(tx, analysis.id, error, FAILED_MESSAGE))) return false;
    const data = eventData('analysis.failed', { analysisId: analysis.id, userId: analysis.user_id, symbol: analysis.symbol, error });
    await writeOutbox(tx, newEvent('analysis.failed', data));
    return true;
  });
  if (failed) {
    deps.logger.error({ analysisId: analysis.id, symbol: analysis.symbol, error }, 'analysis failed; its credit is refunded');
    deps.afterCommit();
  }
}

function errorText(err: unknown): string {
  const text = err instanceof Error ? err.message : String(err);
  return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}

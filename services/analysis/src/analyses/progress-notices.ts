import type { Database, Logger } from '@stockai/platform';
import { type AnalysisRow, analysesRepo } from './repo';

/**
 * A stage an analysis reached, or its end once committed: `{ ended }` with the completed row
 * (report included), or `'ended'` when the row is to be read (a failure).
 */
export type ProgressNotice = ProgressStage | { ended: AnalysisRow } | 'ended';

/** A stage reached: its progress mark and text, and whether the result cache served it. */
export interface ProgressStage {
  progress: number;
  message: string;
  fromCache: boolean;
}

/**
 * Progress told within one process: the jobs this process runs announce each stage, and the
 * progress streams this process serves hear it at once, without reading the database. In the
 * all-in-one the workers and the streams share the process, so every stage reaches a stream
 * this way; a stream whose job runs elsewhere (distributed) still reads the row every round.
 */
export interface ProgressNotices {
  emit(analysisId: string, notice: ProgressNotice): void;
  /** Calls `listener` with each notice of `analysisId` until the returned function is called. */
  on(analysisId: string, listener: (notice: ProgressNotice) => void): () => void;
}

export function progressNotices(): ProgressNotices {
  const listeners = new Map<string, Set<(notice: ProgressNotice) => void>>();
  return {
    emit(analysisId, notice) {
      for (const listener of [...(listeners.get(analysisId) ?? [])]) listener(notice);
    },
    on(analysisId, listener) {
      const set = listeners.get(analysisId) ?? new Set();
      set.add(listener);
      listeners.set(analysisId, set);
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(analysisId) === set) listeners.delete(analysisId);
      };
    },
  };
}

/** How often at most a job writes its progress to the database. */
export const DEFAULT_PROGRESS_WRITE_MS = 250;

/**
 * One job's progress writes, at most one per `gapMs`: a stage reached sooner after the last
 * write is written when the gap has passed (unless a later stage or the end came first), so the
 * row is never more than `gapMs` behind. Stages of a fast job (the built-in analyst finishes in
 * ~50 ms) then cost no statement at all: the completion writes 100 with the report. A slow
 * stage (an AI provider taking seconds) is written as soon as it is reached, as before.
 *
 * 200 analyses started at once in the all-in-one wrote 1000 progress rows, one statement each
 * on the analysis database's single session, which everything else of the service waits behind.
 */
export function progressWriter(db: Database, logger: Logger, analysisId: string, gapMs: number) {
  let lastWrite = performance.now(); // the job's start wrote the row (its attempt)
  let pending: { progress: number; message: string } | undefined;
  let timer: NodeJS.Timeout | undefined;
  let fromCache = false;

  const write = async (stage: { progress: number; message: string }) => {
    lastWrite = performance.now();
    await analysesRepo.advance(db, analysisId, stage.progress, stage.message, fromCache);
  };
  const flush = () => {
    timer = undefined;
    const stage = pending;
    pending = undefined;
    if (stage) write(stage).catch((err: unknown) => logger.warn({ err, analysisId }, 'progress not written; the next stage writes it'));
  };

  return {
    /** Whether any stage so far was served from the result cache (the completion records it). */
    get fromCache() {
      return fromCache;
    },
    async advance(stage: { progress: number; message: string }, cached: boolean) {
      fromCache ||= cached;
      const wait = lastWrite + gapMs - performance.now();
      if (wait <= 0 && !timer) return write(stage);
      pending = stage;
      timer ??= setTimeout(flush, Math.max(0, wait));
    },
    /** The job ended: nothing more is written (its completion or failure records the end). */
    stop() {
      clearTimeout(timer);
      timer = undefined;
      pending = undefined;
    },
  };
}

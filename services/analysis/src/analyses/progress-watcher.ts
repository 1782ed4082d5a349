import type { Database, Logger } from '@stockai/platform';
import type { ProgressNotices, ProgressStage } from './progress-notices';
import { type AnalysisRow, analysesRepo } from './repo';

/**
 * What a watcher hands its listeners each round: the row, `null` when it is gone, `undefined`
 * when the read failed (the next round tries again), or `'closing'` once the watcher closes;
 * between rounds, a stage a job of this process announced (`{ stage }`).
 */
export type WatchedRow = AnalysisRow | null | undefined | 'closing' | { stage: ProgressStage };

export interface ProgressWatcher {
  /** Calls `listener` every round until the returned function is called. */
  watch(analysisId: string, listener: (row: WatchedRow) => void): () => void;
  /** Listeners registered now (the open progress streams). */
  readonly listeners: number;
  /** Whether a round is scheduled: false whenever nothing is watched. */
  readonly running: boolean;
  /** Tells every listener `'closing'` and stops for good. */
  close(): void;
}

/**
 * One watcher per process for every open progress stream: each round reads all watched
 * analyses in one query (`WHERE id = ANY($1)`) and hands each stream its row, instead of a
 * timer and a query per stream. It runs only while something is watched.
 *
 * Polling the row, rather than Redis pub/sub or LISTEN/NOTIFY, works unchanged in both shapes:
 * the worker moving the progress may be another process (distributed) or this one (all-in-one,
 * where PGlite's single session cannot hold a LISTEN and the in-memory cache has no pub/sub).
 * 200 ms is well under the time a stage takes to be noticed. A job of this process also tells
 * its stages through `notices`: they reach the stream at once (the row may be written up to
 * `progressWriteMs` later); its completion comes with the committed row, which ends the stream
 * without a read, and a failure makes the next round read at once.
 */
export function progressWatcher(db: Database, logger: Logger, notices: ProgressNotices, pollMs = 200): ProgressWatcher {
  const watched = new Map<string, Set<(row: WatchedRow) => void>>();
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let closed = false;

  const count = () => [...watched.values()].reduce((n, set) => n + set.size, 0);
  const schedule = (delayMs = pollMs) => {
    if (!closed && !timer && watched.size > 0) timer = setTimeout(round, delayMs);
  };
  /** An analysis of this process ended: read the rows now rather than at the next round. */
  const readSoon = () => {
    if (reading || closed) return;
    clearTimeout(timer);
    timer = undefined;
    schedule(0);
  };

  async function round() {
    reading = true;
    const ids = [...watched.keys()];
    let rows: Map<string, AnalysisRow> | undefined;
    try {
      rows = new Map((await analysesRepo.findMany(db, ids)).map((row) => [row.id, row]));
    } catch (err) {
      logger.warn({ err, streams: ids.length }, 'progress streams could not read their analyses; trying again');
    }
    timer = undefined;
    reading = false;
    if (closed) return;
    for (const id of ids) {
      for (const listener of [...(watched.get(id) ?? [])]) listener(rows ? (rows.get(id) ?? null) : undefined);
    }
    schedule();
  }

  return {
    watch(analysisId, listener) {
      if (closed) {
        listener('closing');
        return () => undefined;
      }
      const set = watched.get(analysisId) ?? new Set();
      set.add(listener);
      watched.set(analysisId, set);
      schedule();
      const unhear = notices.on(analysisId, (notice) => {
        if (notice === 'ended') readSoon();
        else if ('ended' in notice) listener(notice.ended);
        else listener({ stage: notice });
      });
      return () => {
        unhear();
        set.delete(listener);
        if (set.size === 0 && watched.get(analysisId) === set) watched.delete(analysisId);
        if (watched.size === 0 && timer) {
          clearTimeout(timer);
          timer = undefined;
        }
      };
    },
    get listeners() {
      return count();
    },
    get running() {
      return timer !== undefined;
    },
    close() {
      closed = true;
      clearTimeout(timer);
      timer = undefined;
      for (const set of [...watched.values()]) for (const listener of [...set]) listener('closing');
      watched.clear();
    },
  };
}

import { type Database, type Logger, type PeriodicJob, runPeriodically } from '@stockai/platform';
import { articlesRepo } from '../articles/repo';
import type { GhostContentSource } from './content-source';

export interface PostIndex {
  /** Copies every published Ghost post into the index; concurrent calls share one run. */
  refresh(): Promise<{ indexed: number; removed: number }>;
  start(): void;
  /** Stops the schedule and cancels a refresh under way (its Ghost calls are aborted). */
  stop(): Promise<void>;
}

/**
 * The service's copy of Ghost's posts, which search runs on (the Content API cannot search
 * post bodies). Refreshed at start, every `intervalMs`, and when Ghost's post webhooks say
 * something changed. The copy is written in one transaction, so a failed or canceled refresh
 * keeps the previous copy whole: stale posts beat none.
 */
export function ghostPostIndex(deps: { db: Database; ghost: GhostContentSource; logger: Logger; intervalMs: number }): PostIndex {
  let running: Promise<{ indexed: number; removed: number }> | undefined;
  let again = false;
  let stopped = false;
  let schedule: PeriodicJob | undefined;
  const cancel = new AbortController();

  async function copyAll() {
    const posts = await deps.ghost.all(cancel.signal);
    cancel.signal.throwIfAborted();
    const result = await deps.db.transaction((tx) => articlesRepo.replaceAll(tx, 'ghost', posts));
    deps.logger.info(result, 'ghost posts indexed');
    return result;
  }

  function refresh(): Promise<{ indexed: number; removed: number }> {
    if (stopped) return Promise.reject(new Error('The Ghost post index is stopped'));
    if (running) {
      // A change announced while a copy is under way may have been missed by it: run once more.
      again = true;
      return running;
    }
    running = copyAll().finally(() => {
      running = undefined;
      if (again && !stopped) {
        again = false;
        void refresh().catch(() => undefined);
      }
    });
    return running;
  }

  const refreshQuietly = () =>
    refresh().catch((err: unknown) => {
      if (!stopped)
        deps.logger.warn(
          { err: err instanceof Error ? err.message : String(err) },
          'ghost post index refresh failed; keeping the previous copy',
        );
    });

  return {
    refresh,
    start() {
      // refreshQuietly logs its own failures.
      schedule = runPeriodically({ everyMs: deps.intervalMs, run: refreshQuietly, immediately: true, onError: () => undefined });
    },
    async stop() {
      stopped = true;
      cancel.abort();
      await schedule?.stop();
      await running?.catch(() => undefined);
    },
  };
}

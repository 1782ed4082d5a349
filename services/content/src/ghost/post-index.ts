import type { Database, Logger } from '@stockai/platform';
import { articlesRepo } from '../articles/repo';
import type { GhostContentSource } from './content-source';

export interface PostIndex {
  /** Copies every published Ghost post into the index; concurrent calls share one run. */
  refresh(): Promise<{ indexed: number; removed: number }>;
  start(): void;
  stop(): Promise<void>;
}

/**
 * The service's copy of Ghost's posts, which search runs on (the Content API cannot search
 * post bodies). Refreshed at start, every `intervalMs`, and when Ghost's post webhooks say
 * something changed. A failed refresh keeps the previous copy: stale posts beat none.
 */
export function ghostPostIndex(deps: { db: Database; ghost: GhostContentSource; logger: Logger; intervalMs: number }): PostIndex {
  let running: Promise<{ indexed: number; removed: number }> | undefined;
  let again = false;
  let timer: NodeJS.Timeout | undefined;

  async function copyAll() {
    const posts = await deps.ghost.all();
    for (const post of posts) await articlesRepo.upsert(deps.db, post);
    const removed = await articlesRepo.removeOthers(deps.db, 'ghost', posts.map((p) => p.id));
    deps.logger.info({ indexed: posts.length, removed }, 'ghost posts indexed');
    return { indexed: posts.length, removed };
  }

  function refresh(): Promise<{ indexed: number; removed: number }> {
    if (running) {
      // A change announced while a copy is under way may have been missed by it: run once more.
      again = true;
      return running;
    }
    running = copyAll().finally(() => {
      running = undefined;
      if (again) {
        again = false;
        void refresh().catch(() => undefined);
      }
    });
    return running;
  }

  const refreshQuietly = () =>
    refresh().catch((err: unknown) => deps.logger.warn({ err: String(err) }, 'ghost post index refresh failed; keeping the previous copy'));

  return {
    refresh,
    start() {
      void refreshQuietly();
      timer = setInterval(() => void refreshQuietly(), deps.intervalMs);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

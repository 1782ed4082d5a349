import type { Request, Response } from 'express';
import type { Database } from '@stockai/platform';
import { analysesRepo } from './repo';
import { type AnalysisView, viewOf } from './service';

export interface ProgressStreamOptions {
  /** How often the analysis row is read for changes. */
  pollMs: number;
  /** A comment line this often keeps proxies (the gateway's idle timeout) from closing the stream. */
  heartbeatMs: number;
}

export const DEFAULT_STREAM_OPTIONS: ProgressStreamOptions = { pollMs: 200, heartbeatMs: 10_000 };

/**
 * `GET analysis/{id}/events`: the analysis as server-sent events, `event: progress` with the
 * same JSON as `GET analysis/{id}` each time it changes, ending after `completed` or `failed`.
 *
 * Changes are found by reading the row every `pollMs` (one indexed primary-key read). Chosen
 * over Redis or LISTEN/NOTIFY because it works unchanged in both shapes: the worker that moves
 * the progress may be another process (distributed) or this one (all-in-one, where PGlite's
 * single session cannot hold a LISTEN connection and the in-memory cache has no pub/sub), and
 * it needs nothing beyond the database that already holds the truth. 200 ms is well under the
 * time a stage takes to be noticed, and a stream costs five small reads a second while open.
 */
export function streamProgress(db: Database, options: ProgressStreamOptions = DEFAULT_STREAM_OPTIONS) {
  return async (req: Request, res: Response, first: AnalysisView, userId: string): Promise<void> => {
    res.status(200).set({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, must-revalidate',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();

    let last = '';
    const send = (view: AnalysisView) => {
      const json = JSON.stringify(view);
      if (json === last) return;
      last = json;
      res.write(`event: progress\nid: ${view.progress}\ndata: ${json}\n\n`);
    };
    const finished = (view: AnalysisView) => view.status !== 'processing';

    send(first);
    if (finished(first)) {
      res.end();
      return;
    }

    await new Promise<void>((resolve) => {
      let stopped = false;
      const stop = () => {
        if (stopped) return;
        stopped = true;
        clearTimeout(poll);
        clearInterval(heartbeat);
        resolve();
      };
      const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), options.heartbeatMs);
      let poll: NodeJS.Timeout;
      const check = async () => {
        try {
          const row = await analysesRepo.findOwned(db, first.id, userId);
          if (stopped) return;
          if (!row) return stop();
          const view = viewOf(row);
          send(view);
          if (finished(view)) return stop();
        } catch {
          // A failed read is retried on the next round; the client also keeps its polling fallback.
        }
        if (!stopped) poll = setTimeout(check, options.pollMs);
      };
      poll = setTimeout(check, options.pollMs);
      req.on('close', stop);
    });
    if (!res.writableEnded) res.end();
  };
}

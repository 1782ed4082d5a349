import type { Request, Response } from 'express';
import { RECONNECT_EVENT } from '@stockai/platform';
import type { ProgressWatcher, WatchedRow } from './progress-watcher';
import { stageOf } from './stages';
import { type AnalysisView, viewOf } from './view';

/** A comment line this often keeps proxies (the gateway's idle timeout) from closing the stream. */
export const DEFAULT_HEARTBEAT_MS = 10_000;

/**
 * `GET analysis/{id}/events`: the analysis as server-sent events, `event: progress` with the
 * same JSON as `GET analysis/{id}` each time it changes, ending after `completed` or `failed`.
 * Changes come from the process's one `ProgressWatcher`.
 *
 * `load` reads (and authorises) the analysis; the close listener is attached before it runs, so
 * a client gone while it ran is noticed and nothing is left watching for it. A stream also ends
 * when the watcher closes, which the service does first when it closes (its `drain`), so the
 * HTTP server's close does not wait for open streams; such a stream ends with `RECONNECT_EVENT`.
 */
export function streamProgress(watcher: ProgressWatcher, heartbeatMs = DEFAULT_HEARTBEAT_MS) {
  return async (req: Request, res: Response, load: () => Promise<AnalysisView>): Promise<void> => {
    let gone = false;
    let stop = () => undefined as void;
    res.on('close', () => {
      gone = true;
      stop();
    });
    const first = await load();
    if (gone || req.destroyed) return;

    res.status(200).set({
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-store, must-revalidate',
      // The connection is not reused after a stream: once it ends (also when the service
      // closes), the socket goes with it rather than idling in keep-alive.
      connection: 'close',
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();

    let last = '';
    let shown = first;
    const send = (view: AnalysisView) => {
      // A stage told by the job comes before the row says it: a row behind it is not sent.
      if (view.status === 'processing' && view.progress < shown.progress) return;
      const json = JSON.stringify(view);
      if (json === last) return;
      last = json;
      shown = view;
      res.write(`event: progress\nid: ${view.progress}\ndata: ${json}\n\n`);
    };
    const finished = (view: AnalysisView) => view.status !== 'processing';

    send(first);
    if (!finished(first)) {
      await new Promise<void>((resolve) => {
        const heartbeat = setInterval(() => res.write(': keep-alive\n\n'), heartbeatMs);
        let unwatch = () => undefined as void;
        stop = () => {
          clearInterval(heartbeat);
          unwatch();
          resolve();
        };
        unwatch = watcher.watch(first.id, (row: WatchedRow) => {
          if (row === 'closing') res.write(RECONNECT_EVENT);
          if (row === 'closing' || row === null) return stop();
          if (row === undefined) return;
          const view =
            'stage' in row
              ? {
                  ...shown,
                  progress: row.stage.progress,
                  stage: stageOf(row.stage.progress),
                  message: row.stage.message,
                  fromCache: row.stage.fromCache,
                }
              : viewOf(row);
          send(view);
          if (finished(view)) stop();
        });
        if (gone) stop();
      });
    }
    if (!res.writableEnded) res.end();
  };
}

import type { Response } from 'express';

/**
 * How long a client told to reconnect waits first (the SSE `retry:` field, in ms). Sent with
 * `event: reconnect` when a draining process ends an event stream: another replica answers the
 * reconnection. The web's stream client follows it (web/src/features/analysis/api/follow-analysis.ts).
 */
export const RECONNECT_AFTER_MS = 1000;
export const RECONNECT_EVENT = `retry: ${RECONNECT_AFTER_MS}\nevent: reconnect\ndata: {}\n\n`;

/** Ends an open event stream because the process is draining: the client is told to reconnect. */
export function endStreamForReconnect(res: Response): void {
  if (res.writableEnded) return;
  res.write(RECONNECT_EVENT);
  res.end();
}

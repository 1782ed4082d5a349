import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError } from '@stockai/platform';

/** `GET analysis/{id}/events`: the routes whose answer is a long-lived event stream. */
const EVENT_STREAM_PATH = /^\/api\/analysis\/[^/]+\/events\/?$/;

export const isEventStream = (req: IncomingMessage): boolean =>
  req.method === 'GET' && EVENT_STREAM_PATH.test((req.url ?? '').split('?')[0] ?? '');

export interface StreamLimits {
  /** Open event streams per signed-in user. */
  perUser: number;
  /** Open event streams through this gateway process. */
  total: number;
}

/**
 * Caps on open progress streams, counted while each is open in this process. A stream holds an
 * upstream connection for as long as its analysis runs; without a cap one account opening a few
 * hundred of them filled the pool every other request to the analysis service waits on. Streams
 * now have their own connections (proxy.ts), and these caps bound how many: per user, so one
 * account cannot take the rest's share, and in total, so the process' sockets stay bounded.
 * In-process counts suffice: each gateway replica owns its own sockets, which is what is limited.
 */
export function limitEventStreams(limits: StreamLimits): RequestHandler {
  const openByUser = new Map<string, number>();
  let open = 0;
  return (req, res, next) => {
    if (!isEventStream(req)) return next();
    // Anonymous calls are refused by the service at once; they count towards the total only.
    const user = req.caller?.id;
    const mine = user === undefined ? 0 : (openByUser.get(user) ?? 0);
    if (user !== undefined && mine >= limits.perUser) {
      return next(
        tooManyStreams(
          `Too many open progress streams for this account (at most ${limits.perUser}): close another analysis page, or follow progress with GET /api/analysis/{id}`,
        ),
      );
    }
    if (open >= limits.total) {
      return next(
        tooManyStreams(
          'Too many progress streams are open right now: please try again shortly, or follow progress with GET /api/analysis/{id}',
        ),
      );
    }
    open++;
    if (user !== undefined) openByUser.set(user, mine + 1);
    // `close` fires once per response however it ends: finished, aborted by the client, destroyed.
    res.once('close', () => {
      open--;
      if (user === undefined) return;
      const left = (openByUser.get(user) ?? 1) - 1;
      if (left > 0) openByUser.set(user, left);
      else openByUser.delete(user);
    });
    next();
  };
}

const tooManyStreams = (message: string) => new AppError(429, 'TOO_MANY_STREAMS', message, { 'Retry-After': '5' });

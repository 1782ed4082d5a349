import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { AppError, errorBody } from '@stockai/platform';

/** How much of a refused body is still read, and for how long, so its 413 reaches the client. */
export const DRAIN_LIMIT = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/**
 * A body announced larger than `maxBodyBytes` is refused with a 413 before it is forwarded.
 * The answer is written at once, but the connection is closed only after the body has been
 * read (and dropped), up to DRAIN_LIMIT: closing a socket with unread bytes resets it, and a
 * client that sends its whole body before reading (Python's urllib, curl with a file) then sees
 * "connection reset" instead of the 413. Past the bound the connection is closed anyway, so a
 * huge upload cannot hold the gateway.
 */
export function refuseLargeBodies(maxBodyBytes: number): RequestHandler {
  return (req, res, next) => {
    const length = Number(req.headers['content-length'] ?? 0);
    if (!(length > maxBodyBytes)) return next();
    const body = errorBody(new AppError(413, 'PAYLOAD_TOO_LARGE', `Request body is too large: at most ${maxBodyBytes} bytes`));
    res.writeHead(413, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      connection: 'close',
    });
    res.write(body);
    drain(req, res);
  };
}

function drain(req: IncomingMessage, res: ServerResponse) {
  let read = 0;
  const finish = () => {
    clearTimeout(timer);
    req.off('data', count);
    if (!res.writableEnded) res.end();
  };
  const count = (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT.bytes) finish();
  };
  const timer = setTimeout(finish, DRAIN_LIMIT.ms);
  req.on('data', count);
  req.once('end', finish);
  req.once('error', finish);
  req.once('close', finish);
}

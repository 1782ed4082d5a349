import compression from 'compression';
import type { Request, RequestHandler, Response } from 'express';

/** Answers smaller than this go as they are: a header and a stream cost more than they save. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const isEventStream = (res: Response) => String(res.getHeader('Content-Type') ?? '').startsWith('text/event-stream');

/**
 * Compresses a service's answers of more than 1 KB, brotli (quality 4) where the caller accepts
 * it, else gzip: the report, the history, the admin tables are JSON that shrinks to a fifth or
 * less. Done here, in each service, rather than at the gateway, which passes Accept-Encoding up
 * and Content-Encoding and Vary down untouched: the gateway's CPU per request stays what
 * bench/README.md "Gateway overhead" measured, and the work is spread over the services.
 *
 * Never a progress stream (`text/event-stream`): a compressor holds bytes back until it has
 * enough to work on, and each event must reach the browser as it is written. An answer that a
 * route encodes itself (the stock list, encoded once per load) already has its Content-Encoding
 * and is left alone by the middleware.
 */
export function compressAnswers(): RequestHandler {
  return compression({
    threshold: COMPRESS_THRESHOLD_BYTES,
    filter: (req: Request, res: Response) => !isEventStream(res) && compression.filter(req, res),
  }) as RequestHandler;
}

import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import type { Logger } from '../logger';
import { REQUEST_ID_HEADER } from './request-id';

/** The levels an access line is written at. */
export type AccessLevel = 'debug' | 'info' | 'warn' | 'error';

export interface AccessLogOptions {
  /** Requests not to log at all (health probes never are). */
  ignore?: (req: IncomingMessage) => boolean;
  /**
   * The level of a finished request's line; default 5xx error, 4xx warn, the rest info. A line
   * whose level the logger does not write costs nothing more than the check.
   */
  levelOf?: (req: IncomingMessage, res: ServerResponse, ms: number) => AccessLevel;
}

/** 5xx error, 4xx warn, the rest info. */
export const accessLevelOf = (res: ServerResponse): AccessLevel =>
  res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';

/**
 * Access logs: one line per finished request with its request id, method, path, status, client
 * and duration (`responseTime`, ms), in the shape pino-http wrote them; 5xx at error, 4xx at
 * warn, the rest at info. Health probes are not logged, nor anything `ignore` names.
 *
 * No headers (they carry tokens and cookies), and nothing is built unless the line is written:
 * pino-http made a child logger and serialized the request on every request whatever the level,
 * a large part of the gateway's per-request cost (ADR 0071).
 */
export function accessLog(logger: Logger, options: AccessLogOptions = {}): RequestHandler {
  const { ignore = () => false, levelOf = (_req, res) => accessLevelOf(res) } = options;
  return (req, res, next) => {
    if (req.url === '/healthz' || req.url === '/readyz' || ignore(req)) return next();
    const started = Date.now();
    // As it arrived: routers mounted on a path shorten `req.url` while they handle the request.
    const url = req.url;
    // `close` comes once however the response ends: after `finish`, or alone when the client left.
    res.once('close', () => {
      const responseTime = Date.now() - started;
      const level = levelOf(req, res, responseTime);
      if (!logger.isLevelEnabled(level)) return;
      const completed = res.writableFinished && !req.readableAborted;
      const line = {
        req: {
          id: req.headers[REQUEST_ID_HEADER],
          method: req.method,
          url,
          remoteAddress: req.socket?.remoteAddress,
          userAgent: req.headers['user-agent'],
        },
        res: { statusCode: res.statusCode },
        responseTime,
      };
      if (res.statusCode >= 500) logger[level]({ ...line, err: new Error(`failed with status code ${res.statusCode}`) }, 'request errored');
      else logger[level](line, completed ? 'request completed' : 'request aborted');
    });
    next();
  };
}

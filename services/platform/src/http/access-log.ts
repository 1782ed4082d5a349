import type { IncomingMessage, ServerResponse } from 'node:http';
import type { RequestHandler } from 'express';
import { pinoHttp } from 'pino-http';
import type { Logger } from '../logger';
import { REQUEST_ID_HEADER } from './request-id';

/**
 * Access logs (pino-http): one line per finished request with method, path, status, client
 * and duration; 5xx at error, 4xx at warn, the rest at info. Health probes are not logged,
 * nor anything `ignore` names.
 *
 * The request is logged in a compact form (no headers): pino-http binds it to a child logger
 * on every request, whatever the level, so the default serializer (all headers, then redacted)
 * was a large part of the gateway's per-request cost, and headers carry tokens and cookies.
 */
export function accessLog(logger: Logger, ignore: (req: IncomingMessage) => boolean = () => false): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req) => req.headers[REQUEST_ID_HEADER] as string,
    autoLogging: { ignore: (req) => req.url === '/healthz' || req.url === '/readyz' || ignore(req) },
    customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info'),
    serializers: {
      req: (req: IncomingMessage & { id?: string; raw?: IncomingMessage }) => {
        const raw = req.raw ?? req;
        return {
          id: req.id,
          method: raw.method,
          url: raw.url,
          remoteAddress: raw.socket?.remoteAddress,
          userAgent: raw.headers?.['user-agent'],
        };
      },
      res: (res: ServerResponse & { raw?: ServerResponse }) => ({ statusCode: (res.raw ?? res).statusCode }),
    },
  });
}

import { randomUUID } from 'node:crypto';
import type { RequestHandler } from 'express';
import { requestContext } from '../logger';

export const REQUEST_ID_HEADER = 'x-request-id';

/** Accepts the caller's request id when it is sane, otherwise makes one; echoes it back. */
export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && /^[\w.:-]{1,128}$/.test(value) ? value : randomUUID();
}

function assignRequestId(req: Parameters<RequestHandler>[0], res: Parameters<RequestHandler>[1]): string {
  const id = requestIdFrom(req.headers[REQUEST_ID_HEADER]);
  req.headers[REQUEST_ID_HEADER] = id;
  res.setHeader(REQUEST_ID_HEADER, id);
  return id;
}

/** Sets the request id on the request (for upstreams) and the response, and on every log line written while serving it. */
export const requestId: RequestHandler = (req, res, next) => {
  const id = assignRequestId(req, res);
  requestContext.run({ requestId: id }, next);
};

/**
 * The request id on the request and the response only, for a path that logs nothing but its
 * access line (which carries the id anyway): it keeps AsyncLocalStorage, whose promise hooks
 * cost every request of the process on Node 20, out of the gateway's proxy path.
 */
export const requestIdHeader: RequestHandler = (req, res, next) => {
  assignRequestId(req, res);
  next();
};

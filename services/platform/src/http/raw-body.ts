import type { IncomingMessage } from 'node:http';
import type { Request } from 'express';

const RAW_BODY = Symbol('rawBody');

/** The JSON parser's `verify` hook: keeps the body's bytes on the request. */
export function keepRawBody(req: IncomingMessage, _res: unknown, body: Buffer) {
  (req as IncomingMessage & { [RAW_BODY]?: Buffer })[RAW_BODY] = body;
}

/**
 * The bytes of a JSON request body exactly as received (the parsed `req.body` cannot be
 * turned back into them): what a webhook signature, e.g. Stripe's, is computed over.
 */
export function rawBodyOf(req: Request): Buffer | undefined {
  return (req as Request & { [RAW_BODY]?: Buffer })[RAW_BODY];
}

import type { RequestHandler } from 'express';
import { forbidden, unauthorized } from '../errors';
import { type Caller, type RevocationList, createTokenVerifier } from './tokens';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `authenticate` when a valid bearer token came with the request. */
      caller?: Caller;
    }
  }
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/**
 * Reads the bearer token when there is one: a valid, unrevoked token sets `req.caller`;
 * an invalid or revoked one is a 401. No token leaves the request anonymous, and the
 * guards below decide. Without `revocations` only signature, issuer and expiry are checked
 * (the gateway's pre-check; the services always pass their revocation list).
 */
export function authenticate(options: { publicKey: string; revocations?: RevocationList }): RequestHandler {
  const verify = createTokenVerifier(options.publicKey);
  return async (req, _res, next) => {
    const token = bearerToken(req.headers.authorization);
    if (!token) return next();
    const caller = verify(token);
    if (!caller) return next(unauthorized('Invalid or expired token', 'INVALID_TOKEN'));
    if (options.revocations && (await options.revocations.isRevoked(caller)))
      return next(unauthorized('Token has been revoked', 'TOKEN_REVOKED'));
    req.caller = caller;
    next();
  };
}

export const requireUser: RequestHandler = (req, _res, next) => {
  next(req.caller ? undefined : unauthorized());
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.caller) return next(unauthorized());
  next(req.caller.role === 'admin' ? undefined : forbidden('Admin access required', 'ADMIN_REQUIRED'));
};

/** The caller of a route behind requireUser; throws if the guard was forgotten. */
export function callerOf(req: { caller?: Caller }): Caller {
  if (!req.caller) throw unauthorized();
  return req.caller;
}

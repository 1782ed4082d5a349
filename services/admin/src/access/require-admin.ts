import type { RequestHandler } from 'express';
import { forbidden, requireAdmin } from '@stockai/platform';
import type { OwnerClient } from '../owners/client';

/** The admin making the current call, as auth knows them now. */
export interface AdminCaller {
  id: string;
  email: string;
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Request {
      /** Set by `requireCurrentAdmin`. */
      admin?: AdminCaller;
    }
  }
}

interface Session {
  user: { id: string; email: string; role: 'user' | 'admin' };
}

/**
 * Every admin call: a valid, unrevoked token (401), whose claim says admin (403), and whose
 * account auth still holds as an admin now (403; 401 once the account is deleted). The token's
 * claim alone would let an admin demoted a minute ago go on until the token expires.
 */
export function requireCurrentAdmin(auth: OwnerClient): RequestHandler {
  return (req, res, next) => {
    requireAdmin(req, res, (err?: unknown) => {
      if (err) return next(err);
      auth
        .call<Session>(req, 'GET', '/internal/session')
        .then(({ user }) => {
          if (user.role !== 'admin') return next(forbidden('Admin access required', 'ADMIN_REQUIRED'));
          req.admin = { id: user.id, email: user.email };
          next();
        })
        .catch(next);
    });
  };
}

/** The admin of a call behind `requireCurrentAdmin`. */
export function adminOf(req: { admin?: AdminCaller }): AdminCaller {
  if (!req.admin) throw forbidden('Admin access required', 'ADMIN_REQUIRED');
  return req.admin;
}

import type { Request } from 'express';

/**
 * Where the person who sent `req` opens the web app, for links in e-mails and redirects:
 * APP_URL when configured, else the origin the browser addressed (the gateway passes it on as
 * X-Forwarded-Proto/Host, which the service trusts from loopback and private addresses only),
 * so a start on another PORT links to that port. Production sets APP_URL: a request's Host is
 * the sender's to choose (ADR 0026).
 */
export function appUrlFor(req: Request, configured: string | undefined): string {
  if (configured) return configured.replace(/\/$/, '');
  return `${req.protocol}://${req.host}`;
}

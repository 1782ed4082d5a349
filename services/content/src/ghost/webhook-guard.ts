import type { Request } from 'express';
import { rawBodyOf, serviceUnavailable } from '@stockai/platform';
import { verifyGhostSignature } from './webhook-signature';

/**
 * Who may call a Ghost webhook route. With GHOST_WEBHOOK_SECRET set: a request Ghost signed
 * with it (a missing or wrong signature is a 401). Without it the webhooks are off (503): an
 * unsigned webhook could be sent by anyone. `allowAdmin` also lets an admin's bearer token in,
 * for the API testing page's member-webhook form, which has no secret to sign with.
 *
 * Ghost's post webhooks carry the whole post: these routes take JSON bodies up to 1 MB (the
 * service's `bodyLimits`; the gateway's MAX_BODY_BYTES caps them too). A larger one is refused
 * with a 413 before it reaches here, and the scheduled refresh picks the change up.
 */
export function checkGhostWebhook(req: Request, secret: string | undefined, options: { allowAdmin: boolean }): void {
  if (options.allowAdmin && req.caller?.role === 'admin') return;
  if (!secret) throw serviceUnavailable('Ghost webhooks are not configured: set GHOST_WEBHOOK_SECRET', 'GHOST_WEBHOOKS_OFF');
  verifyGhostSignature(secret, req.get('x-ghost-signature'), rawBodyOf(req));
}

import { Router } from 'express';
import { z } from 'zod';
import type { Cache } from '@stockai/platform';
import { type AccountRateLimits, enforce } from '../accounts/rate-limits';
import { email, password } from '../accounts/routes';
import { appUrlFor } from '../app-url';
import type { RecoveryService } from './service';

const forgotBody = z.object({ email });
const token = z.string({ message: 'is required' }).trim().min(1, 'is required').max(200);
const resetBody = z.object({ token, newPassword: password });

/** `appUrl`: where the e-mailed link points; unset, the origin the request came to. */
export function recoveryRoutes(recovery: RecoveryService, cache: Cache, limits: AccountRateLimits, appUrl?: string): Router {
  const router = Router();

  router.post('/api/auth/forgot-password', async (req, res) => {
    const body = forgotBody.parse(req.body ?? {});
    await enforce(cache, 'Too many password-reset requests', [
      [limits.forgotPerIp, req.ip],
      [limits.forgotPerEmail, body.email],
    ]);
    res.json(await recovery.forgotPassword(body.email, appUrlFor(req, appUrl)));
  });

  router.get('/api/auth/verify-reset-token/:token', async (req, res) => {
    res.json(await recovery.verifyResetToken(token.parse(req.params.token)));
  });

  router.post('/api/auth/reset-password', async (req, res) => {
    const body = resetBody.parse(req.body ?? {});
    res.json(await recovery.resetPassword(body.token, body.newPassword));
  });

  return router;
}

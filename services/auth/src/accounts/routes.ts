import { Router } from 'express';
import { z } from 'zod';
import { type Cache, AppError, callerOf, requireUser } from '@stockai/platform';
import { loginBackoff } from './login-backoff';
import { type AccountRateLimits, enforce } from './rate-limits';
import type { AccountsService } from './service';

export const email = z
  .string({ message: 'is required' })
  .trim()
  .pipe(z.email({ message: 'must be a valid e-mail address' }).max(254));
export const password = z.string({ message: 'is required' }).min(6, 'must be at least 6 characters').max(200);
const name = (label: string) => z.string({ message: 'is required' }).trim().min(1, `${label} is required`).max(100);

const registerBody = z.object({ email, password, firstName: name('first name'), lastName: name('last name') });
const loginBody = z.object({ email, password: z.string({ message: 'is required' }).min(1, 'is required').max(200) });
const changePasswordBody = z.object({
  currentPassword: z.string({ message: 'is required' }).min(1, 'is required').max(200),
  newPassword: password,
});

export function accountsRoutes(accounts: AccountsService, cache: Cache, limits: AccountRateLimits): Router {
  const router = Router();
  const backoff = loginBackoff(cache, limits.loginBackoff);

  router.post('/api/auth/register', async (req, res) => {
    await enforce(cache, 'Too many sign-ups from this network', [[limits.registerPerIp, req.ip]]);
    const body = registerBody.parse(req.body ?? {});
    res.status(201).json(await accounts.register(body));
  });

  router.post('/api/auth/login', async (req, res) => {
    await enforce(cache, 'Too many login attempts', [[limits.loginPerIp, req.ip]]);
    const body = loginBody.parse(req.body ?? {});
    const client = req.ip ?? 'unknown';
    await backoff.check(body.email, client);
    try {
      const session = await accounts.login(body, { ip: req.ip ?? null, userAgent: req.get('user-agent') ?? null });
      await backoff.succeeded(body.email, client);
      res.json(session);
    } catch (err) {
      if (err instanceof AppError && err.status === 401) await backoff.failed(body.email, client);
      throw err;
    }
  });

  router.get('/api/auth/verify', requireUser, async (req, res) => {
    res.json(await accounts.verify(callerOf(req)));
  });

  router.put('/api/auth/change-password', requireUser, async (req, res) => {
    const body = changePasswordBody.parse(req.body ?? {});
    res.json(await accounts.changePassword(callerOf(req), body));
  });

  router.post('/api/auth/logout', requireUser, async (req, res) => {
    res.json(await accounts.logout(callerOf(req)));
  });

  return router;
}

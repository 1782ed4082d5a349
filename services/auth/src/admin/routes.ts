import { Router } from 'express';
import { z } from 'zod';
import { callerOf, requireAdmin, requireUser } from '@stockai/platform';
import type { AdminAccounts } from './service';

const memberId = z.uuid({ message: 'The member id must be a user id (uuid)' });
const roleChange = z.object({ role: z.enum(['user', 'admin'], { message: 'role: must be user or admin' }) });

/**
 * Auth's admin routes, internal (never routed by the gateway): the admin service calls them with
 * the admin's bearer token. `session` answers any signed-in caller with their current account,
 * so the admin service can check the role auth holds now rather than the one in the token.
 */
export function adminAccountsRoutes(accounts: AdminAccounts): Router {
  const router = Router();

  router.get('/internal/session', requireUser, async (req, res) => {
    res.json(await accounts.session(callerOf(req)));
  });

  router.put('/internal/admin/users/:id/role', requireAdmin, async (req, res) => {
    const { role } = roleChange.parse(req.body ?? {});
    res.json({ success: true, ...(await accounts.setRole(callerOf(req), memberId.parse(req.params.id), role)) });
  });

  router.delete('/internal/admin/users/:id', requireAdmin, async (req, res) => {
    res.json({ success: true, ...(await accounts.deleteMember(callerOf(req), memberId.parse(req.params.id))) });
  });

  return router;
}

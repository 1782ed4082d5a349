import { Router } from 'express';
import { z } from 'zod';
import { callerOf, requireAdmin, requireUser } from '@stockai/platform';
import type { AdminAccounts } from './service';

const memberId = z.uuid({ message: 'The member id must be a user id (uuid)' });
export const directoryQuery = z.object({
  after: z.uuid({ message: 'must be a user id (uuid): the `next` of the previous page' }).optional(),
  limit: z.coerce
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(1, 'must be at least 1')
    .max(500, 'must be at most 500')
    .default(100),
});
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

  /** Every account, a page at a time by id: the admin service backfills its members directory with it. */
  router.get('/internal/admin/users', requireAdmin, async (req, res) => {
    const { after, limit } = directoryQuery.parse(req.query);
    res.json({ success: true, ...(await accounts.directoryPage(callerOf(req), after ?? null, limit)) });
  });

  /** One account: the admin service asks for a member its directory has not heard of yet. */
  router.get('/internal/admin/users/:id', requireAdmin, async (req, res) => {
    res.json({ success: true, ...(await accounts.directoryEntry(callerOf(req), memberId.parse(req.params.id))) });
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

import { Router } from 'express';
import { z } from 'zod';
import type { AdminActions } from '../audit/admin-actions';
import type { DirectoryBackfill } from '../directory/backfill';
import { pageQuery } from '../http/page-query';
import type { AdminMembersService } from './service';

export const membersQuery = pageQuery.extend({
  search: z
    .string()
    .trim()
    .max(200)
    .optional()
    .transform((s) => s || undefined),
});
export const memberId = z.uuid({ message: 'The member id must be a user id (uuid)' });
/**
 * The admin's edit. Billing's own fields are checked by billing (the one place that knows
 * plans and levels); here only their kinds, so a wrong one is a 400 before anything changes.
 */
export const memberChange = z.object({
  role: z.enum(['user', 'admin'], { message: 'must be user or admin' }).optional(),
  level: z.string({ message: 'must be free, vip or premium' }).optional(),
  paidCredits: z.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').optional(),
  credits: z.number({ message: 'must be a whole number' }).int('must be a whole number').min(0, 'must be 0 or more').optional(),
  subscriptionPlan: z.string({ message: 'must be a plan id, or null for none' }).nullable().optional(),
  subscriptionExpiry: z.string({ message: 'must be a date (YYYY-MM-DD) or a date-time with offset' }).optional(),
  reason: z.string({ message: 'must be a text' }).trim().max(500, 'must be at most 500 characters').optional(),
});

export function membersRoutes(members: AdminMembersService, deps: { backfill: DirectoryBackfill; actions: AdminActions }): Router {
  const router = Router();
  /** Fills the directory from auth's accounts again (idempotent): members it never had an event of. */
  router.post('/api/admin/members/backfill', async (req, res) => {
    const filled = await deps.actions.record(req, {
      action: 'directory.backfill',
      target: 'members',
      apply: () => deps.backfill.run(req),
      after: (result) => result,
    });
    res.json({ success: true, message: 'Members directory filled from the accounts', ...filled });
  });
  router.get('/api/admin/members', async (req, res) => {
    res.json({ success: true, ...(await members.list(req, membersQuery.parse(req.query))) });
  });
  router.get('/api/admin/members/:id', async (req, res) => {
    res.json({ success: true, member: await members.get(req, memberId.parse(req.params.id)) });
  });
  /** The member's credit ledger (billing's): each adjustment with the admin and the reason. */
  router.get('/api/admin/members/:id/credit-history', async (req, res) => {
    res.json(await members.creditHistory(req, memberId.parse(req.params.id), pageQuery.parse(req.query)));
  });
  router.put('/api/admin/members/:id', async (req, res) => {
    const member = await members.edit(req, memberId.parse(req.params.id), memberChange.parse(req.body ?? {}));
    res.json({ success: true, message: 'Member updated successfully', member });
  });
  router.delete('/api/admin/members/:id', async (req, res) => {
    res.json({ success: true, message: 'Member deleted successfully', ...(await members.remove(req, memberId.parse(req.params.id))) });
  });
  return router;
}

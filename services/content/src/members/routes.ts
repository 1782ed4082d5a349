import { Router, type Request } from 'express';
import { z } from 'zod';
import { AppError, badRequest, callerOf, forbidden, requireAdmin, requireUser } from '@stockai/platform';
import { checkGhostWebhook } from '../ghost/webhook-guard';
import type { MembersService } from './service';

export const email = z
  .email({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be an e-mail address') })
  .transform((e) => e.toLowerCase());
export const syncBody = z.object({ email });
export const logsQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const memberFields = z.object({ id: z.string().optional(), email, status: z.string().optional() });
/**
 * Ghost's member webhooks send `{ member: { current, previous } }` (current is empty on
 * member.deleted); the API testing page sends the member itself. Both are accepted.
 */
export const memberWebhookBody = z.object({
  member: z.union([
    z.object({ current: z.record(z.string(), z.unknown()), previous: z.record(z.string(), z.unknown()).optional() }),
    z.record(z.string(), z.unknown()),
  ]),
});

function webhookMember(body: unknown) {
  const { member } = memberWebhookBody.parse(body);
  const current = (member as { current?: Record<string, unknown> }).current;
  const previous = (member as { previous?: Record<string, unknown> }).previous;
  const fields = current ? (Object.keys(current).length > 0 ? current : previous) : member;
  const parsed = memberFields.safeParse(fields ?? {});
  if (!parsed.success) throw badRequest('member.email: must be an e-mail address', 'INVALID_MEMBER');
  return parsed.data;
}

/**
 * Member sync (ghost/check-membership, ghost/sync-user, ghost/sync-logs, ghost/webhook/member).
 * Admins act on any e-mail; a signed-in user may check and sync only their own, so the
 * endpoints reveal nothing about who else has an account. The log is for admins only.
 * The member webhook takes Ghost's signed calls, and an admin's unsigned test call.
 */
export function membersRoutes(members: MembersService, options: { webhookSecret?: string }): Router {
  const router = Router();

  async function allowedFor(req: Request, target: string) {
    const caller = callerOf(req);
    if (caller.role === 'admin') return;
    const own = await members.emailOfUser(caller.id);
    // The token names the user but not their e-mail: until user.registered arrives, content
    // cannot tell whether this one is theirs, so it asks for a retry rather than refusing (ADR 0068).
    if (own === undefined)
      throw new AppError(503, 'ACCOUNT_NOT_READY', 'Your account is being set up, please try again shortly', { 'Retry-After': '1' });
    if (own !== target) throw forbidden('You can only check or sync your own e-mail address', 'NOT_YOUR_EMAIL');
  }

  router.get('/api/ghost/check-membership/:email', requireUser, async (req, res) => {
    const target = email.parse(req.params.email);
    await allowedFor(req, target);
    res.json({ success: true, email: target, ...(await members.checkMembership(target)) });
  });

  router.post('/api/ghost/sync-user', requireUser, async (req, res) => {
    const { email: target } = syncBody.parse(req.body ?? {});
    await allowedFor(req, target);
    res.json({ success: true, email: target, ...(await members.syncUser(target, 'manual')) });
  });

  router.get('/api/ghost/sync-logs', requireAdmin, async (req, res) => {
    const { page, limit } = logsQuery.parse(req.query);
    const { logs, total } = await members.logs(page, limit);
    res.json({
      success: true,
      configured: members.configured,
      logs,
      page,
      limit,
      total,
      totalPages: Math.max(1, Math.ceil(total / limit)),
    });
  });

  router.post('/api/ghost/webhook/member', async (req, res) => {
    checkGhostWebhook(req, options.webhookSecret, { allowAdmin: true });
    await members.memberWebhook(webhookMember(req.body));
    res.json({ success: true });
  });

  return router;
}

import type { Request } from 'express';
import { type Database, badRequest, notFound } from '@stockai/platform';
import { type AdminActions } from '../audit/admin-actions';
import { adminOf } from '../access/require-admin';
import type { DirectoryBackfill } from '../directory/backfill';
import { type MemberRow, membersRepo } from '../directory/repo';
import type { Owners } from '../owners/client';

/** The billing side of a member, as billing's `/internal/admin/members` answers it. */
interface BillingMember {
  userId: string;
  level: string;
  credits: number;
  paidCredits: number;
  dailyCredits: number;
  maxDailyCredits: number;
  subscription: { planId: string | null; expiresAt: string | null; status: 'active' | 'inactive' };
}

export interface MemberChange {
  role?: 'user' | 'admin';
  level?: string;
  paidCredits?: number;
  credits?: number;
  subscriptionPlan?: string | null;
  subscriptionExpiry?: string;
  reason?: string;
}

const NO_BILLING: Omit<BillingMember, 'userId' | 'level'> = {
  credits: 0,
  paidCredits: 0,
  dailyCredits: 0,
  maxDailyCredits: 0,
  subscription: { planId: null, expiresAt: null, status: 'inactive' },
};

/** A member as the admin list shows it (spec section 3): who they are, from the directory; their credits, level and plan, from billing. */
function toMember(row: MemberRow, billing: BillingMember | undefined) {
  const { userId: _userId, level, ...credits } = billing ?? { userId: row.user_id, level: row.level, ...NO_BILLING };
  return {
    _id: row.user_id,
    id: row.user_id,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    level,
    ...credits,
    registeredAt: row.registered_at?.toISOString() ?? null,
    lastLoginAt: row.last_login_at?.toISOString() ?? null,
  };
}

const BILLING_FIELDS = ['level', 'paidCredits', 'credits', 'subscriptionPlan', 'subscriptionExpiry'] as const;

/**
 * The members tab. Who members are comes from the admin service's own directory (built from
 * auth's events); their credits, level and subscription from billing, asked for one page at a
 * time. An edit goes to the owners: the role to auth, everything else to billing, whose ledger
 * records any change of credits as an adjustment entry with the admin's id. Billing goes first:
 * it refuses more kinds of input, so a refused edit leaves the role as it was.
 */
export function adminMembers(deps: { db: Database; owners: Owners; actions: AdminActions; backfill: DirectoryBackfill }) {
  const { db, owners, actions, backfill } = deps;

  async function billingSide(req: Request, userIds: string[]): Promise<Map<string, BillingMember>> {
    if (userIds.length === 0) return new Map();
    const { members } = await owners.billing.call<{ members: BillingMember[] }>(req, 'GET', '/internal/admin/members', {
      query: { ids: userIds.join(',') },
    });
    return new Map(members.map((m) => [m.userId, m]));
  }

  async function current(req: Request, userId: string) {
    // The directory follows auth's events; a member it has not heard of yet is asked of auth.
    const row =
      (await membersRepo.find(db, userId)) ?? ((await backfill.one(req, userId)) ? await membersRepo.find(db, userId) : undefined);
    if (!row) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
    return toMember(row, (await billingSide(req, [userId])).get(userId));
  }

  return {
    async list(req: Request, query: { page: number; limit: number; search?: string }) {
      const { rows, total } = await membersRepo.page(db, {
        limit: query.limit,
        offset: (query.page - 1) * query.limit,
        search: query.search,
      });
      const billing = await billingSide(
        req,
        rows.map((r) => r.user_id),
      );
      return {
        members: rows.map((r) => toMember(r, billing.get(r.user_id))),
        page: query.page,
        totalPages: Math.max(1, Math.ceil(total / query.limit)),
        pages: Math.max(1, Math.ceil(total / query.limit)),
        total,
      };
    },

    get: current,

    creditHistory(req: Request, userId: string, query: { page: number; limit: number }) {
      return owners.billing.call(req, 'GET', `/internal/admin/members/${encodeURIComponent(userId)}/credit-history`, {
        query: { page: String(query.page), limit: String(query.limit) },
      });
    },

    async edit(req: Request, userId: string, change: MemberChange) {
      const before = await current(req, userId);
      const billingChange = Object.fromEntries(BILLING_FIELDS.filter((f) => change[f] !== undefined).map((f) => [f, change[f]]));
      const roleChange = change.role !== undefined && change.role !== before.role ? change.role : undefined;
      if (Object.keys(billingChange).length === 0 && change.role === undefined)
        throw badRequest(`Nothing to change: send any of role, ${BILLING_FIELDS.join(', ')}`, 'NOTHING_TO_CHANGE');
      // A retried edit (same Idempotency-Key) adjusts the credits once.
      const idempotencyKey = req.get('idempotency-key');
      return actions.record(req, {
        action: 'member.update',
        target: userId,
        reason: change.reason,
        before: async () => before,
        apply: async () => {
          if (Object.keys(billingChange).length > 0) {
            // Who the member is, so billing can open their account if their registration has not reached it yet.
            const registered = { email: before.email, firstName: before.firstName, lastName: before.lastName };
            await owners.billing.call(req, 'PUT', `/internal/admin/members/${encodeURIComponent(userId)}`, {
              body: { ...billingChange, reason: change.reason, registered },
              headers: idempotencyKey ? { 'idempotency-key': idempotencyKey } : {},
            });
          }
          if (roleChange) {
            const at = new Date().toISOString();
            await owners.auth.call(req, 'PUT', `/internal/admin/users/${encodeURIComponent(userId)}/role`, { body: { role: roleChange } });
            // The directory follows auth's event too; applied now, the list shows the new role at once.
            await membersRepo.roleChanged(db, userId, roleChange, at);
          }
          return current(req, userId);
        },
        after: (member) => member,
      });
    },

    async remove(req: Request, userId: string) {
      if (userId === adminOf(req).id) throw badRequest('You cannot delete your own account', 'SELF_DELETION');
      const before = await current(req, userId);
      await actions.record(req, {
        action: 'member.delete',
        target: userId,
        before: async () => before,
        apply: async () => {
          await owners.auth.call(req, 'DELETE', `/internal/admin/users/${encodeURIComponent(userId)}`);
          await membersRepo.deleted(db, userId, new Date().toISOString());
        },
        after: () => null,
      });
      return { deleted: { id: before.id, email: before.email } };
    },
  };
}

export type AdminMembersService = ReturnType<typeof adminMembers>;

import { randomUUID } from 'node:crypto';
import { type Database, type Queryable, badRequest, conflict, notFound } from '@stockai/platform';
import { type LevelType, catalogueRepo } from '../catalogue/repo';
import { hongKongDay } from '../credits/hong-kong-day';
import { ledgerRepo } from '../credits/repo';
import type { CreditsService } from '../credits/service';
import { membership } from '../subscriptions/membership';
import { DAY_MS } from '../subscriptions/periods';
import type { SubscriptionProcessor } from '../subscriptions/processor';
import { subscriptionsRepo } from '../subscriptions/repo';
import { type MemberRow, adminMembersRepo } from './members-repo';
import type { MemberChange } from './schemas';
/** How long a subscription an admin grants without an expiry lasts. */
const GRANTED_PERIOD_DAYS = 30;

interface EditContext {
  tx: Queryable;
  userId: string;
}

/**
 * Members' billing side as admins read and edit it: credits, level and subscription. Every
 * change of a balance is one ledger entry written by the credit account (kind `adjustment`,
 * key `admin-adjustment:<user>:<request key>`), so the reconciliation stays exact and a
 * retried request adjusts once. The edit sets values, as the admin form shows them
 * (`paidCredits`, `credits`: the credit account's `setBalances`).
 *
 * `subscriptionPlan` gives the member that plan. An admin-granted subscription (no card, no
 * renewal) moves to it; otherwise a new one is granted, ending at `subscriptionExpiry` (by
 * default at the end of the paid period it replaces, else in 30 days). A subscription paid by
 * card is replaced, not edited: it ends now and is cancelled at its card processor (Stripe),
 * which would otherwise go on charging for a plan the member no longer has. The free plan or
 * null ends the running subscription the same way. `subscriptionExpiry` alone moves the end of
 * the running subscription, except of one paid through Stripe, whose periods are Stripe's
 * (409). The level follows the plan unless `level` is given; level changes publish
 * `membership.changed`, and a higher level tops today's daily credits up to its allowance.
 */
export function adminMembers(deps: {
  db: Database;
  credits: CreditsService;
  processor: SubscriptionProcessor;
  afterCommit: () => void;
  now: () => Date;
}) {
  const { db, now } = deps;

  const toMember = (m: MemberRow) => {
    const daily = m.daily_refilled_on === hongKongDay(now()) ? Math.min(m.daily_credits, m.allowance) : m.allowance;
    const active = m.subscription_status === 'active' && m.current_period_end !== null && m.current_period_end > now();
    return {
      userId: m.user_id,
      level: m.level,
      credits: m.paid_credits + daily,
      paidCredits: m.paid_credits,
      dailyCredits: daily,
      maxDailyCredits: m.allowance,
      subscription: {
        planId: m.plan_id,
        expiresAt: m.current_period_end?.toISOString() ?? null,
        status: active ? ('active' as const) : ('inactive' as const),
      },
    };
  };

  /** Applies the plan and expiry; answers the level the plan gives (undefined: unchanged). */
  async function changeSubscription(ctx: EditContext, change: MemberChange): Promise<LevelType | undefined> {
    const active = await subscriptionsRepo.active(ctx.tx, ctx.userId);
    const expiry = change.subscriptionExpiry;
    if (expiry && expiry <= now())
      throw badRequest('subscriptionExpiry: must be in the future (to end a subscription now, choose the free plan)', 'EXPIRY_IN_PAST');

    if (change.subscriptionPlan === undefined) {
      if (!active)
        throw badRequest('subscriptionExpiry: the member has no active subscription; choose a subscriptionPlan as well', 'NO_SUBSCRIPTION');
      if (active.provider === 'stripe') {
        throw conflict(
          'subscriptionExpiry: this subscription is paid by card through Stripe, which sets its periods; give the member a plan to replace it, or the free plan to end it',
          'PAID_BY_CARD',
        );
      }
      await adminMembersRepo.changeSubscription(ctx.tx, active.id, {
        planId: active.plan_id,
        level: active.level,
        periodEnd: expiry as Date,
      });
      return undefined;
    }

    const plan = change.subscriptionPlan === null ? undefined : await catalogueRepo.plan(ctx.tx, change.subscriptionPlan);
    if (change.subscriptionPlan !== null && !plan)
      throw badRequest(`subscriptionPlan: there is no plan ${change.subscriptionPlan}`, 'UNKNOWN_PLAN');
    if (!plan || plan.level_type === 'free') {
      if (expiry) throw badRequest('subscriptionExpiry: the free plan does not expire', 'FREE_PLAN_EXPIRY');
      if (active) await membership.endNow(ctx.tx, active, false);
      return 'free';
    }

    if (active?.provider === 'admin') {
      await adminMembersRepo.changeSubscription(ctx.tx, active.id, {
        planId: plan.id,
        level: plan.level_type,
        periodEnd: expiry ?? active.current_period_end,
      });
      return plan.level_type;
    }
    const paidUntil = active && active.current_period_end > now() ? active.current_period_end : undefined;
    const granted = {
      id: randomUUID(),
      user_id: ctx.userId,
      plan_id: plan.id,
      level: plan.level_type,
      current_period_end: expiry ?? paidUntil ?? new Date(now().getTime() + GRANTED_PERIOD_DAYS * DAY_MS),
    };
    await subscriptionsRepo.insert(ctx.tx, {
      id: granted.id,
      userId: ctx.userId,
      plan,
      cycle: 'monthly',
      status: 'incomplete',
      periodEnd: granted.current_period_end,
      autoRenewal: false,
      cancelAtPeriodEnd: false,
      provider: 'admin',
    });
    // Ends the paid one it replaces (marked for cancellation at its processor), and announces the grant.
    await membership.start(ctx.tx, granted);
    return plan.level_type;
  }

  return {
    /** The members among `userIds` (billing knows every registered user), and the ids it does not know. */
    async find(userIds: string[]) {
      const rows = await adminMembersRepo.find(db, userIds);
      const known = new Map(rows.map((r) => [r.user_id, toMember(r)]));
      return {
        members: userIds.filter((id) => known.has(id)).map((id) => known.get(id)),
        missing: userIds.filter((id) => !known.has(id)),
      };
    },

    /** The member's credit ledger, newest first: every grant, debit, refund, refill and adjustment. */
    async creditHistory(userId: string, page: number, limit: number) {
      if (!(await adminMembersRepo.find(db, [userId])).length) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
      const { rows, total } = await ledgerRepo.pageOfUser(db, userId, limit, (page - 1) * limit);
      return {
        entries: rows.map((r) => ({
          kind: r.kind,
          paidDelta: r.paid_delta,
          dailyDelta: r.daily_delta,
          reference: r.reference,
          reason: r.reason,
          createdAt: r.created_at.toISOString(),
        })),
        page,
        pages: Math.max(1, Math.ceil(total / limit)),
        total,
      };
    },

    async get(userId: string) {
      const [row] = await adminMembersRepo.find(db, [userId]);
      if (!row) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
      return toMember(row);
    },

    async edit(userId: string, change: MemberChange, request: { key: string; adminId: string }) {
      await db.transaction(async (tx) => {
        // An edit the moment the member registered, before their registration reached billing:
        // the admin service found them in auth and says who they are (ADR 0068).
        if (change.registered) await deps.credits.openAccount(tx, { userId, ...change.registered });
        if (!(await deps.credits.lock(tx, userId))) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
        const ctx = { tx, userId };
        const planLevel =
          change.subscriptionPlan !== undefined || change.subscriptionExpiry !== undefined
            ? await changeSubscription(ctx, change)
            : undefined;
        const level = change.level ?? planLevel;
        if (level) await membership.changeLevel(tx, userId, level, `admin:${userId}:${request.key}`);
        if (change.paidCredits !== undefined || change.credits !== undefined) {
          await deps.credits.setBalances(tx, userId, change, {
            adminId: request.adminId,
            idempotencyKey: `admin-adjustment:${userId}:${request.key}`,
            reason: change.reason || 'Set by an admin',
          });
        }
      });
      deps.afterCommit();
      // A card subscription the edit ended stops at its processor too (retried by the sweep if this fails).
      await deps.processor.cancelEnded(userId);
      return this.get(userId);
    },
  };
}

export type AdminMembers = ReturnType<typeof adminMembers>;

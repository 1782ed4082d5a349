import { z } from 'zod';
import { creditPackage, subscriptionPlan } from '@stockai/contracts';
import { describeService, operation } from '@stockai/platform';
import { listQuery, statsQuery } from './activities/routes';
import { cacheSymbol, resultId } from './ai/routes';
import { pageQuery } from './http/page-query';
import { memberChange, memberId, membersQuery } from './members/routes';
import { dailyQuery } from './stats/routes';

/**
 * The admin API (spec admin-area.md sections 3 and 7), every call for admins only. Requests
 * are the routes' own schemas; catalogue writes are checked by billing, which owns them, so
 * their bodies here are the spec's fields. Answers carry the spec's fields and may add more.
 */
const ok = z.looseObject({ success: z.literal(true), message: z.string().optional() });
const counted = z.number().int().min(0);
const amounts = z.array(z.object({ amount: z.number(), currency: z.string() })).meta({ description: 'One amount per currency' });

const member = z
  .looseObject({
    _id: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(['user', 'admin']),
    level: z.string(),
    credits: z.number().int(),
    paidCredits: z.number().int(),
    dailyCredits: z.number().int(),
  })
  .meta({ id: 'AdminMember' });

const userLevel = z
  .looseObject({
    levelType: z.string(),
    name: z.string(),
    dailyCredits: z.number().int(),
    features: z.array(z.string()),
    description: z.string().nullable(),
  })
  .meta({ id: 'UserLevel' });

const packageFields = z.object({ name: z.string().min(1), credits: z.number().int().min(1), price: z.number().min(0.01) });
const planPrice = z.object({ price: z.number().min(0) });
const planFields = z.object({
  name: z.string().min(1),
  levelType: z.enum(['free', 'vip', 'premium']),
  features: z.array(z.string()),
  monthly: planPrice,
  yearly: planPrice,
});
const levelFields = z.object({
  name: z.string().min(1),
  dailyCredits: z.number().int().min(0),
  features: z.array(z.string()).optional(),
  description: z.string().optional(),
});

const catalogueKey = (what: string) => z.object({ key: z.string().min(1).meta({ description: what }) });
const paymentsQuery = pageQuery.extend({
  status: z.enum(['all', 'completed', 'failed', 'canceled', 'requires_action']).optional(),
  dateFrom: z.string().optional().meta({ description: 'First Hong Kong day included, YYYY-MM-DD' }),
  dateTo: z.string().optional().meta({ description: 'Last Hong Kong day included, YYYY-MM-DD' }),
});

/** The admin service's public routes (served to the gateway for GET /api/openapi.json). */
export const adminApi = describeService({
  tag: 'admin',
  description: 'The admin area (admins only): stats, members, catalogue, prompts, cache, AI results, activities, payments',
  paths: {
    '/api/admin/stats': {
      get: operation({
        summary: 'Dashboard statistics',
        access: 'admin',
        response: z.looseObject({
          success: z.literal(true),
          stats: z.looseObject({
            users: z.looseObject({ total: counted, admins: counted, active: counted, free: counted, vip: counted, premium: counted }),
            analyses: z.looseObject({ total: counted, completed: counted, today: counted }),
            cache: z.looseObject({ totalEntries: counted, validEntries: counted, expiredEntries: counted }),
          }),
        }),
      }),
    },
    '/api/admin/stats/daily': {
      get: operation({
        summary: "The dashboard chart's figures for each of the last `days` UTC days, quiet days with zeros",
        description:
          'Built from the events the admin service keeps: confirmed payments (gross, one amount per currency, refunds not taken off) and analyses started.',
        access: 'admin',
        query: dailyQuery,
        response: z.looseObject({
          success: z.literal(true),
          timezone: z.literal('UTC'),
          days: z.array(
            z.looseObject({
              date: z.string().meta({ description: 'UTC day, YYYY-MM-DD' }),
              revenue: amounts,
              payments: counted,
              analyses: counted,
              completedAnalyses: counted,
            }),
          ),
        }),
      }),
    },
    '/api/admin/members': {
      get: operation({
        summary: 'Members, 20 per page; search by e-mail',
        access: 'admin',
        query: membersQuery,
        response: z.looseObject({ success: z.literal(true), members: z.array(member), page: counted, totalPages: counted, total: counted }),
      }),
    },
    '/api/admin/members/backfill': {
      post: operation({
        summary: "Fill the members directory from auth's accounts (idempotent)",
        description:
          "The directory is built from events; members who registered before the admin service's queue existed have none. The first admin call of a process runs this once if it never completed.",
        access: 'admin',
        response: ok.extend({ accounts: counted }),
      }),
    },
    '/api/admin/members/{id}': {
      get: operation({
        summary: 'One member',
        access: 'admin',
        params: z.object({ id: memberId }),
        response: z.looseObject({ success: z.literal(true), member }),
        errors: [404],
      }),
      put: operation({
        summary: "Change a member's role, level, credits or subscription",
        description: 'Credits change through the ledger as an adjustment entry with the admin and the reason.',
        access: 'admin',
        params: z.object({ id: memberId }),
        body: memberChange,
        response: ok.extend({ member }),
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a member (not oneself)',
        access: 'admin',
        params: z.object({ id: memberId }),
        response: ok,
        errors: [404],
      }),
    },
    '/api/admin/members/{id}/credit-history': {
      get: operation({
        summary: "The member's credit ledger: each adjustment with the admin and the reason",
        access: 'admin',
        params: z.object({ id: memberId }),
        query: pageQuery,
        response: z.looseObject({}),
        errors: [404],
      }),
    },
    '/api/admin/prompts': {
      get: operation({
        summary: 'The AI model and system prompts',
        access: 'admin',
        response: z.looseObject({
          success: z.literal(true),
          models: z.looseObject({ current: z.string(), available: z.array(z.string()) }),
          systemPrompts: z.array(z.looseObject({ id: z.string(), name: z.string(), description: z.string(), template: z.string() })),
        }),
      }),
    },
    '/api/admin/cache': {
      get: operation({
        summary: 'Analysis cache statistics and entries',
        access: 'admin',
        response: z.looseObject({
          success: z.literal(true),
          totalEntries: counted,
          validEntries: counted,
          expiredEntries: counted,
          entries: z.array(z.looseObject({ symbol: z.string(), ageHours: z.number(), isExpired: z.boolean() })),
        }),
      }),
      delete: operation({ summary: 'Clear the whole analysis cache', access: 'admin', response: ok }),
    },
    '/api/admin/cache/{symbol}': {
      delete: operation({
        summary: "Clear one symbol's cache entry",
        access: 'admin',
        params: z.object({ symbol: cacheSymbol }),
        response: ok,
      }),
    },
    '/api/admin/packages': {
      get: operation({
        summary: 'Credit packages, keyed by type',
        access: 'admin',
        response: z.looseObject({ success: z.literal(true), packages: z.record(z.string(), creditPackage) }),
      }),
      post: operation({
        summary: 'Add a credit package',
        access: 'admin',
        body: packageFields.extend({ type: z.string().min(1).max(50) }),
        status: 201,
        response: ok.extend({ package: creditPackage }),
        errors: [409],
      }),
    },
    '/api/admin/packages/{key}': {
      put: operation({
        summary: 'Edit a credit package (applies to purchases made after it)',
        access: 'admin',
        params: catalogueKey('The package type'),
        body: packageFields,
        response: ok.extend({ package: creditPackage }),
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a credit package (its past payments keep its name)',
        access: 'admin',
        params: catalogueKey('The package type'),
        response: ok,
        errors: [404],
      }),
    },
    '/api/admin/subscription-plans': {
      get: operation({
        summary: 'Subscription plans, keyed by plan id',
        access: 'admin',
        response: z.looseObject({ success: z.literal(true), plans: z.record(z.string(), subscriptionPlan) }),
      }),
      post: operation({
        summary: 'Add a subscription plan',
        access: 'admin',
        body: planFields.extend({ planId: z.string().min(1).max(50) }),
        status: 201,
        response: ok.extend({ plan: subscriptionPlan }),
        errors: [409],
      }),
    },
    '/api/admin/subscription-plans/{key}': {
      put: operation({
        summary: 'Edit a subscription plan',
        access: 'admin',
        params: catalogueKey('The plan id'),
        body: planFields.partial(),
        response: ok.extend({ plan: subscriptionPlan }),
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a subscription plan',
        access: 'admin',
        params: catalogueKey('The plan id'),
        response: ok,
        errors: [404, 409],
      }),
    },
    '/api/admin/subscription-plans/{planId}/{cycle}': {
      put: operation({
        summary: 'Change one price of a plan',
        access: 'admin',
        params: z.object({ planId: z.string(), cycle: z.enum(['monthly', 'yearly']) }),
        body: planPrice,
        response: ok.extend({ plan: subscriptionPlan }),
        errors: [404],
      }),
    },
    '/api/admin/user-levels': {
      get: operation({
        summary: 'User levels, keyed by level type',
        access: 'admin',
        response: z.looseObject({ success: z.literal(true), levels: z.record(z.string(), userLevel) }),
      }),
      post: operation({
        summary: 'Add a user level',
        access: 'admin',
        body: levelFields.extend({ levelType: z.string().min(1).max(50) }),
        status: 201,
        response: ok.extend({ level: userLevel }),
        errors: [409],
      }),
    },
    '/api/admin/user-levels/{key}': {
      put: operation({
        summary: 'Edit a user level',
        access: 'admin',
        params: catalogueKey('The level type'),
        body: levelFields.partial(),
        response: ok.extend({ level: userLevel }),
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a user level (free and vip cannot be deleted: 409)',
        access: 'admin',
        params: catalogueKey('The level type'),
        response: ok,
        errors: [404, 409],
      }),
    },
    '/api/admin/perplexity-results': {
      get: operation({
        summary: 'Stored AI exchanges (AI provider or built-in analyst), 20 per page',
        access: 'admin',
        query: pageQuery,
        response: z.looseObject({
          success: z.literal(true),
          results: z.array(
            z.looseObject({ id: z.string(), analysis_id: z.string().nullable(), symbol: z.string(), request_date: z.string() }),
          ),
          page: counted,
          totalPages: counted,
          totalCount: counted,
        }),
      }),
    },
    '/api/admin/perplexity-results/{id}': {
      get: operation({
        summary: 'One AI exchange in full: prompt, response, token usage, conversation',
        access: 'admin',
        params: z.object({ id: resultId }),
        response: z.looseObject({ success: z.literal(true) }),
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete an AI exchange',
        access: 'admin',
        params: z.object({ id: resultId }),
        response: ok,
        errors: [404],
      }),
    },
    '/api/admin/perplexity-stats': {
      get: operation({
        summary: 'AI exchange counts: totals and each of the last 7 days',
        access: 'admin',
        response: z.looseObject({
          success: z.literal(true),
          total: z.looseObject({ total_requests: counted, unique_symbols: counted, unique_users: counted }),
          daily: z.array(z.looseObject({ date: z.string(), daily_count: counted })),
        }),
      }),
    },
    '/api/admin/perplexity-diagnostic': {
      get: operation({
        summary: 'Where AI exchanges are stored and how many',
        access: 'admin',
        response: z.looseObject({
          success: z.literal(true),
          database: z.string(),
          exists: z.boolean(),
          size: z.number().nullable(),
          recordsTotal: counted,
        }),
      }),
    },
    '/api/admin/test-perplexity-save': {
      post: operation({
        summary: 'Store a test AI exchange and read it back',
        access: 'admin',
        response: z.looseObject({ success: z.literal(true), verification: z.string().meta({ description: 'SUCCESS when read back' }) }),
      }),
    },
    '/api/admin/user-activities': {
      get: operation({
        summary: 'User activity log (logins, analyses, payments, admin actions), 20 per page',
        access: 'admin',
        query: listQuery,
        response: z.looseObject({
          success: z.literal(true),
          activities: z.array(
            z.looseObject({
              _id: z.string(),
              timestamp: z.string(),
              userId: z.string().nullable(),
              user: z.looseObject({}),
              activityType: z.string(),
              status: z.string(),
              details: z.record(z.string(), z.unknown()).nullable(),
            }),
          ),
          page: counted,
          totalPages: counted,
          total: counted,
        }),
      }),
    },
    '/api/admin/activity-stats': {
      get: operation({
        summary: 'Activity counts by type and status over a timeframe',
        access: 'admin',
        query: statsQuery,
        response: z.looseObject({
          success: z.literal(true),
          timeframe: z.string(),
          stats: z.array(
            z.looseObject({ _id: z.string(), total: counted, statuses: z.array(z.looseObject({ status: z.string(), count: counted })) }),
          ),
        }),
      }),
    },
    '/api/admin/payments': {
      get: operation({
        summary: 'Payments, 20 per page, filtered by status and Hong Kong dates',
        access: 'admin',
        query: paymentsQuery,
        response: z.looseObject({
          success: z.literal(true),
          payments: z.array(
            z.looseObject({
              _id: z.string(),
              userId: z.string(),
              userEmail: z.string().nullable(),
              userName: z.string().nullable(),
              createdAt: z.string(),
              stripePaymentIntentId: z.string().nullable(),
            }),
          ),
          page: counted,
          pages: counted,
          total: counted,
        }),
      }),
    },
    '/api/admin/payment-stats': {
      get: operation({
        summary: 'Revenue (per currency), transactions and credits sold',
        access: 'admin',
        response: z.looseObject({
          success: z.literal(true),
          stats: z.looseObject({
            totalRevenue: amounts,
            monthlyRevenue: amounts,
            todayRevenue: amounts,
            totalTransactions: counted,
            successfulTransactions: counted,
            failedTransactions: counted,
            totalCreditsSold: counted,
            avgCreditsPerTransaction: z.number(),
          }),
        }),
      }),
    },
  },
});

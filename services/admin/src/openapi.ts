import { z } from 'zod';
import { describeService, operation } from '@stockai/platform';

/**
 * The admin API (spec admin-area.md sections 3 and 7), every call for admins only. The
 * shapes follow the spec's entities; answers carry those fields and may add more.
 */
const page = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
const role = z.enum(['user', 'admin']);
const level = z.enum(['free', 'vip', 'premium']);

const member = z.looseObject({
  _id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  role,
  level: z.string(),
  credits: z.number().int(),
  paidCredits: z.number().int(),
  dailyCredits: z.number().int(),
  subscription: z.looseObject({ planId: z.string().nullable(), expiresAt: z.string().nullable(), status: z.enum(['active', 'inactive']) }),
});
const memberUpdate = z
  .object({
    role,
    level,
    paidCredits: z.number().int().min(0),
    credits: z.number().int().min(0),
    subscriptionPlan: z.string().nullable(),
    subscriptionExpiry: z.string().nullable().meta({ description: 'ISO date-time' }),
  })
  .partial();

const packageFields = z.object({
  name: z.string().min(1),
  credits: z.number().int().min(1),
  price: z.number().min(0.01),
});
const creditPackage = z.looseObject({ type: z.string(), name: z.string(), credits: z.number().int(), price: z.number() });

const planPrice = z.object({ price: z.number().min(0), currency: z.string().optional(), duration: z.number().int().optional() });
const planFields = z.object({
  name: z.string().min(1),
  levelType: level,
  features: z.array(z.string()),
  monthly: planPrice,
  yearly: planPrice,
});
const plan = z.looseObject({
  name: z.string(),
  features: z.array(z.string()),
  levelType: z.string(),
  dailyCredits: z.number().int().optional(),
  monthly: z.looseObject({ price: z.number() }).nullable(),
  yearly: z.looseObject({ price: z.number() }).nullable(),
});

const levelFields = z.object({
  name: z.string().min(1),
  dailyCredits: z.number().int().min(0),
  features: z.array(z.string()).optional(),
  description: z.string().optional(),
});
const userLevel = z.looseObject({
  levelType: z.string(),
  name: z.string(),
  dailyCredits: z.number().int(),
  features: z.array(z.string()),
  description: z.string().nullable(),
});

const payment = z.looseObject({
  _id: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  userId: z.string(),
  packageType: z.string().nullable(),
  credits: z.number().int(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  createdAt: z.string(),
  stripePaymentIntentId: z.string().nullable(),
  type: z.string(),
});
const paymentsQuery = page.extend({
  status: z.enum(['all', 'completed', 'failed', 'canceled', 'requires_action']).optional(),
  dateFrom: z.string().optional().meta({ description: 'YYYY-MM-DD' }),
  dateTo: z.string().optional().meta({ description: 'YYYY-MM-DD' }),
});

const aiResult = z.looseObject({
  id: z.string(),
  analysis_id: z.string().nullable(),
  symbol: z.string(),
  market: z.string().nullable(),
  currency: z.string().nullable(),
  request_date: z.string(),
  response_preview: z.string(),
  prompt: z.string().optional(),
  response: z.string().optional(),
  token_usage: z.looseObject({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }).nullable().optional(),
  full_conversation: z.array(z.object({ role: z.enum(['system', 'user', 'assistant']), content: z.string() })).optional(),
});

const activity = z.looseObject({
  _id: z.string(),
  timestamp: z.string(),
  userId: z.string().nullable(),
  user: z.looseObject({ email: z.string().nullable().optional() }),
  activityType: z.string(),
  status: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

const done = z.looseObject({ success: z.boolean() });
const idParam = (name: string) => z.object({ [name]: z.string() });

export const adminApi = describeService({
  tag: 'admin',
  description: 'The admin area (admins only): stats, members, catalogue, prompts, cache, AI results, activities, payments',
  paths: {
    '/api/admin/stats': {
      get: operation({
        summary: 'Dashboard statistics',
        access: 'admin',
        response: z.looseObject({
          users: z.looseObject({
            total: z.number().int(),
            admins: z.number().int(),
            active: z.number().int(),
            free: z.number().int(),
            vip: z.number().int(),
            premium: z.number().int(),
          }),
          analyses: z.looseObject({ total: z.number().int(), completed: z.number().int(), today: z.number().int() }),
          cache: z.looseObject({ totalEntries: z.number().int(), validEntries: z.number().int(), expiredEntries: z.number().int() }),
        }),
      }),
    },
    '/api/admin/members': {
      get: operation({
        summary: 'Members, 20 per page',
        access: 'admin',
        query: page.extend({ search: z.string().max(254).optional().meta({ description: 'Part of an e-mail address' }) }),
        response: z.looseObject({
          members: z.array(member),
          page: z.number().int(),
          totalPages: z.number().int(),
          total: z.number().int(),
        }),
      }),
    },
    '/api/admin/members/{id}': {
      put: operation({
        summary: "Change a member's role, level, credits or subscription",
        access: 'admin',
        params: idParam('id'),
        body: memberUpdate,
        response: done,
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a member (not oneself)',
        access: 'admin',
        params: idParam('id'),
        response: done,
        errors: [404],
      }),
    },
    '/api/admin/prompts': {
      get: operation({
        summary: 'The AI model and system prompts',
        access: 'admin',
        response: z.looseObject({
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
          entries: z.array(z.looseObject({ symbol: z.string(), ageHours: z.number(), isExpired: z.boolean() })),
        }),
      }),
      delete: operation({ summary: 'Clear the whole analysis cache', access: 'admin', response: done }),
    },
    '/api/admin/cache/{symbol}': {
      delete: operation({ summary: "Clear one symbol's cache entry", access: 'admin', params: idParam('symbol'), response: done }),
    },
    '/api/admin/packages': {
      get: operation({ summary: 'Credit packages, keyed by type', access: 'admin', response: z.looseObject({}) }),
      post: operation({
        summary: 'Add a credit package',
        access: 'admin',
        body: packageFields.extend({ type: z.string().min(1).max(50) }),
        response: z.looseObject({ success: z.boolean(), package: creditPackage.optional() }),
        errors: [409],
      }),
    },
    '/api/admin/packages/{type}': {
      put: operation({
        summary: 'Edit a credit package (new purchases only)',
        access: 'admin',
        params: idParam('type'),
        body: packageFields,
        response: done,
        errors: [404],
      }),
      delete: operation({ summary: 'Delete a credit package', access: 'admin', params: idParam('type'), response: done, errors: [404] }),
    },
    '/api/admin/subscription-plans': {
      get: operation({ summary: 'Subscription plans, keyed by plan id', access: 'admin', response: z.record(z.string(), z.unknown()) }),
      post: operation({
        summary: 'Add a subscription plan',
        access: 'admin',
        body: planFields.extend({ planId: z.string().min(1).max(50) }),
        response: z.looseObject({ success: z.boolean(), plan: plan.optional() }),
        errors: [409],
      }),
    },
    '/api/admin/subscription-plans/{planId}': {
      put: operation({
        summary: 'Edit a subscription plan',
        access: 'admin',
        params: idParam('planId'),
        body: planFields.partial(),
        response: done,
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a subscription plan',
        access: 'admin',
        params: idParam('planId'),
        response: done,
        errors: [404],
      }),
    },
    '/api/admin/subscription-plans/{planId}/{cycle}': {
      put: operation({
        summary: 'Change one price of a plan (cycle: monthly or yearly)',
        access: 'admin',
        params: z.object({ planId: z.string(), cycle: z.enum(['monthly', 'yearly']) }),
        body: z.object({ price: z.number().min(0) }),
        response: done,
        errors: [404],
      }),
    },
    '/api/admin/user-levels': {
      get: operation({
        summary: 'User levels',
        access: 'admin',
        response: z.union([z.array(userLevel), z.record(z.string(), z.unknown())]),
      }),
      post: operation({
        summary: 'Add a user level',
        access: 'admin',
        body: levelFields.extend({ levelType: z.string().min(1).max(50) }),
        response: done,
        errors: [409],
      }),
    },
    '/api/admin/user-levels/{levelType}': {
      put: operation({
        summary: 'Edit a user level',
        access: 'admin',
        params: idParam('levelType'),
        body: levelFields.partial(),
        response: done,
        errors: [404],
      }),
      delete: operation({
        summary: 'Delete a user level (free and vip cannot be deleted: 409)',
        access: 'admin',
        params: idParam('levelType'),
        response: done,
        errors: [404, 409],
      }),
    },
    '/api/admin/perplexity-results': {
      get: operation({
        summary: 'Stored AI exchanges, 20 per page',
        access: 'admin',
        query: page,
        response: z.looseObject({
          results: z.array(aiResult),
          page: z.number().int(),
          totalPages: z.number().int(),
          totalCount: z.number().int(),
        }),
      }),
    },
    '/api/admin/perplexity-results/{id}': {
      get: operation({
        summary: 'One AI exchange in full',
        access: 'admin',
        params: idParam('id'),
        response: z.looseObject({}),
        errors: [404],
      }),
      delete: operation({ summary: 'Delete an AI exchange', access: 'admin', params: idParam('id'), response: done, errors: [404] }),
    },
    '/api/admin/perplexity-stats': {
      get: operation({
        summary: 'AI exchange counts: totals and the last 7 days',
        access: 'admin',
        response: z.looseObject({
          total: z.looseObject({ total_requests: z.number().int(), unique_symbols: z.number().int(), unique_users: z.number().int() }),
          daily: z.array(z.looseObject({ date: z.string(), daily_count: z.number().int() })),
        }),
      }),
    },
    '/api/admin/perplexity-diagnostic': {
      get: operation({ summary: 'Where AI exchanges are stored and how many', access: 'admin', response: z.looseObject({}) }),
    },
    '/api/admin/test-perplexity-save': {
      post: operation({
        summary: 'Store a test AI exchange and read it back',
        access: 'admin',
        response: z.looseObject({ verification: z.string().meta({ description: 'SUCCESS when read back' }) }),
      }),
    },
    '/api/admin/user-activities': {
      get: operation({
        summary: 'User activity log, 20 per page',
        access: 'admin',
        query: page,
        response: z.looseObject({
          activities: z.array(activity),
          page: z.number().int(),
          totalPages: z.number().int(),
          total: z.number().int(),
        }),
      }),
    },
    '/api/admin/activity-stats': {
      get: operation({
        summary: 'Activity counts by type and status',
        access: 'admin',
        query: z.object({ timeframe: z.string().default('30d') }),
        response: z.looseObject({
          stats: z.array(
            z.looseObject({
              _id: z.string(),
              total: z.number().int(),
              statuses: z.array(z.looseObject({ status: z.string(), count: z.number().int() })),
            }),
          ),
        }),
      }),
    },
    '/api/admin/payments': {
      get: operation({
        summary: 'Payments, 20 per page, with filters',
        access: 'admin',
        query: paymentsQuery,
        response: z.looseObject({
          payments: z.array(payment),
          pagination: z.looseObject({ page: z.number().int(), pages: z.number().int(), total: z.number().int() }),
        }),
      }),
    },
    '/api/admin/payment-stats': {
      get: operation({
        summary: 'Revenue, transactions and credits sold',
        access: 'admin',
        response: z.looseObject({
          totalRevenue: z.number(),
          monthlyRevenue: z.number(),
          todayRevenue: z.number(),
          totalTransactions: z.number().int(),
          successfulTransactions: z.number().int(),
          failedTransactions: z.number().int(),
          totalCreditsSold: z.number().int(),
          avgCreditsPerTransaction: z.number(),
        }),
      }),
    },
  },
});

import { z } from 'zod';
import { paymentStatus } from './billing';

/**
 * The admin API's answers (`/api/admin/*`, spec admin-area sections 3 and 7) as the admin
 * screens read them. Rows forwarded from an owner service keep fields the screens do not show
 * (loose objects), so an owner adding a field breaks nothing.
 */

const money = z.object({ amount: z.number(), currency: z.string() });
export type AdminMoney = z.infer<typeof money>;

export const adminStatsResponse = z.object({
  stats: z.object({
    users: z.object({
      total: z.number(),
      admins: z.number(),
      active: z.number(),
      free: z.number(),
      vip: z.number(),
      premium: z.number(),
    }),
    analyses: z.object({ total: z.number(), completed: z.number(), today: z.number() }),
    cache: z.object({ totalEntries: z.number(), validEntries: z.number(), expiredEntries: z.number() }),
  }),
});
export type AdminStats = z.infer<typeof adminStatsResponse>['stats'];

/** GET admin/stats/daily: one row per UTC day, oldest first, every day present. */
export const adminDailyStatsResponse = z.object({
  timezone: z.literal('UTC'),
  days: z.array(
    z.object({
      date: z.string(),
      revenue: z.array(money),
      payments: z.number(),
      analyses: z.number(),
      completedAnalyses: z.number(),
      alertsSent: z.number().meta({ description: 'Watchlist alerts sent to members that day' }),
    }),
  ),
});
export type AdminDailyFigures = z.infer<typeof adminDailyStatsResponse>['days'][number];

export const adminMember = z.looseObject({
  _id: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  email: z.string(),
  role: z.enum(['user', 'admin']),
  level: z.string(),
  credits: z.number(),
  paidCredits: z.number(),
  dailyCredits: z.number(),
  subscription: z.object({ planId: z.string().nullable(), expiresAt: z.string().nullable(), status: z.enum(['active', 'inactive']) }),
});
export type AdminMember = z.infer<typeof adminMember>;

export const adminMembersResponse = z.object({
  members: z.array(adminMember),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});

export const adminPackage = z.looseObject({
  type: z.string(),
  name: z.string(),
  credits: z.number(),
  price: z.number(),
  currency: z.string(),
});
export type AdminPackage = z.infer<typeof adminPackage>;
/** Keyed by package type. */
export const adminPackagesResponse = z.object({ packages: z.record(z.string(), adminPackage) });

const adminPlanPrice = z.object({ price: z.number(), currency: z.string(), duration: z.number() }).nullable();
export const adminPlan = z.looseObject({
  id: z.string(),
  name: z.string(),
  levelType: z.string(),
  dailyCredits: z.number(),
  features: z.array(z.string()),
  monthly: adminPlanPrice,
  yearly: adminPlanPrice,
});
export type AdminPlan = z.infer<typeof adminPlan>;
/** Keyed by plan id; the free plan is left out. */
export const adminPlansResponse = z.object({ plans: z.record(z.string(), adminPlan) });

export const adminLevel = z.looseObject({
  levelType: z.string(),
  name: z.string(),
  dailyCredits: z.number(),
  features: z.array(z.string()),
  description: z.string().nullable(),
  builtIn: z.boolean().optional(),
});
export type AdminLevel = z.infer<typeof adminLevel>;
/** Keyed by level type. */
export const adminLevelsResponse = z.object({ levels: z.record(z.string(), adminLevel) });

export const adminPromptsResponse = z.object({
  models: z.looseObject({ current: z.string(), available: z.array(z.string()) }),
  systemPrompts: z.array(z.looseObject({ id: z.string(), name: z.string(), description: z.string().nullable(), template: z.string() })),
});

export const adminCacheResponse = z.object({
  totalEntries: z.number(),
  validEntries: z.number(),
  expiredEntries: z.number(),
  entries: z.array(z.looseObject({ symbol: z.string(), ageHours: z.number(), isExpired: z.boolean() })),
});

const tokenUsage = z.object({ prompt_tokens: z.number(), completion_tokens: z.number(), total_tokens: z.number() }).nullable();
export const adminAiResult = z.looseObject({
  id: z.string(),
  analysis_id: z.string().nullable(),
  symbol: z.string(),
  market: z.string().nullable(),
  currency: z.string().nullable(),
  request_date: z.string(),
  response_preview: z.string().nullable().optional(),
  prompt: z.string().optional(),
  response: z.string().nullable().optional(),
  token_usage: tokenUsage.optional(),
  full_conversation: z.array(z.object({ role: z.string(), content: z.string() })).optional(),
});
export type AdminAiResult = z.infer<typeof adminAiResult>;
export const adminAiResultsResponse = z.object({
  results: z.array(adminAiResult),
  page: z.number(),
  totalPages: z.number(),
  totalCount: z.number(),
});
export const adminAiResultResponse = z.object({ result: adminAiResult });
export const adminAiStatsResponse = z.object({
  total: z.object({ total_requests: z.number(), unique_symbols: z.number(), unique_users: z.number() }),
  daily: z.array(z.object({ date: z.string(), daily_count: z.number() })),
});
export const adminAiDiagnosticResponse = z.looseObject({
  database: z.string(),
  exists: z.boolean(),
  size: z.number(),
  recordsTotal: z.number(),
});
export const adminTestSaveResponse = z.looseObject({ verification: z.string() });

export const adminActivity = z.object({
  _id: z.string(),
  timestamp: z.string(),
  userId: z.string().nullable(),
  user: z.object({
    email: z.string().nullable(),
    firstName: z.string().nullable(),
    lastName: z.string().nullable(),
    level: z.string().nullable(),
  }),
  activityType: z.string(),
  status: z.string(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AdminActivity = z.infer<typeof adminActivity>;
export const adminActivitiesResponse = z.object({
  activities: z.array(adminActivity),
  page: z.number(),
  totalPages: z.number(),
  total: z.number(),
});
export const adminActivityStatsResponse = z.object({
  stats: z.array(z.object({ _id: z.string(), total: z.number(), statuses: z.array(z.object({ status: z.string(), count: z.number() })) })),
});

export const adminPayment = z.looseObject({
  _id: z.string(),
  userId: z.string(),
  userEmail: z.string().nullable(),
  userName: z.string().nullable(),
  type: z.string(),
  packageType: z.string().nullable(),
  /** The package's or plan's name when it was bought (kept after it is renamed or deleted); null for old payments of a package already gone. */
  packageName: z.string().nullable(),
  credits: z.number().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: paymentStatus,
  createdAt: z.string(),
  stripePaymentIntentId: z.string().nullable(),
});
export type AdminPayment = z.infer<typeof adminPayment>;
export const adminPaymentsResponse = z.object({
  payments: z.array(adminPayment),
  page: z.number(),
  pages: z.number(),
  total: z.number(),
});
export const adminPaymentStatsResponse = z.object({
  stats: z.object({
    totalRevenue: z.array(money),
    monthlyRevenue: z.array(money),
    todayRevenue: z.array(money),
    totalTransactions: z.number(),
    successfulTransactions: z.number(),
    failedTransactions: z.number(),
    totalCreditsSold: z.number(),
    avgCreditsPerTransaction: z.number(),
  }),
});
export type AdminPaymentStats = z.infer<typeof adminPaymentStatsResponse>['stats'];

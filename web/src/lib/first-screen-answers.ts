import * as v from 'valibot';
import type { AnswerCheck } from './api-client';

/**
 * The answers the search page reads before its first analysis (the session, the balance, the
 * stock list), checked with Valibot copies of the contracts' schemas: ~2 KB gzip, against ~33 KB
 * for zod and every contract, which now load only when a later call needs them (ADR 70; zod's
 * own `zod/mini` shares zod's core with the contracts, and the shared chunk came to 15 KB).
 * `first-screen-answers.test.ts` feeds each copy and its contract the same answers, made from the
 * contract's JSON Schema and altered one part at a time, so a contract that changes fails the
 * test until its copy follows. Imported only through the API client's `firstScreen` picks,
 * beside the first request.
 */

/** What the API client calls: the answer as the schema outputs it, or a failure. */
function check<S extends v.GenericSchema>(schema: S): AnswerCheck<v.InferOutput<S>> & { schema: S } {
  return {
    schema,
    safeParse: (data: unknown) => {
      const result = v.safeParse(schema, data);
      return result.success ? { success: true, data: result.output } : { success: false };
    },
  };
}

const nonEmpty = () => v.pipe(v.string(), v.minLength(1));
/** zod's `.int()`: a whole number within ±(2^53 − 1). */
const int = () => v.pipe(v.number(), v.safeInteger());

export const publicUser = v.object({
  id: nonEmpty(),
  firstName: v.string(),
  lastName: v.string(),
  email: v.string(),
  phone: v.nullable(v.string()),
  role: v.picklist(['user', 'admin']),
  level: v.picklist(['free', 'vip', 'premium']),
});

/** GET auth/verify (the contracts' verifyResponse). */
export const verifyResponse = check(v.object({ user: publicUser }));

/** GET users/credits (creditsResponse). */
export const creditsResponse = check(
  v.object({ totalCredits: int(), freeCredits: int(), paidCredits: int(), dailyCredits: int(), maxDailyCredits: int() }),
);

/** GET stocks (stockListResponse). */
export const stockListResponse = check(
  v.array(v.object({ symbol: nonEmpty(), name: v.string(), nameZh: v.nullable(v.string()), market: v.string() })),
);

/**
 * GET notifications (notificationsResponse): the header's bell reads the unread count on every
 * page a member opens, so its answer is checked without zod too.
 */
export const notificationsResponse = check(
  v.object({
    notifications: v.array(
      v.object({
        id: v.string(),
        kind: v.picklist(['price_above', 'price_below', 'report_thresholds', 'report_stale']),
        symbol: v.string(),
        title: v.string(),
        body: v.string(),
        createdAt: v.string(),
        read: v.boolean(),
      }),
    ),
    unread: int(),
    total: int(),
  }),
);

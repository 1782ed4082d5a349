import { z } from 'zod';
import { CURRENCIES, CURRENCY_CODES, hasCents } from '../catalogue/money';
import { creditHistoryQuery } from '../credits/history';

/** The admin API's request shapes; each message names what to fix. */

/**
 * Parses with the rejected values in the issues, so that the platform's error text can tell a
 * missing field ("is required") from a wrong one ("must be a whole number").
 */
export const parseInput = <T extends z.ZodType>(schema: T, value: unknown): z.output<T> => schema.parse(value, { reportInput: true });

const required = { message: 'is required' };
const key = (example: string) =>
  z
    .string(required)
    .trim()
    .regex(/^[a-z0-9][a-z0-9_-]{0,49}$/, `must be 1–50 lower-case letters, digits, _ or - (for example ${example})`);
const name = z.string(required).trim().min(1, 'is required').max(100, 'must be at most 100 characters');
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'must be a three-letter currency code such as HKD or USD')
  .transform((c) => c.toUpperCase())
  .refine((c) => c in CURRENCIES, {
    error: (issue) =>
      `${String(issue.input)} is not accepted; prices may be in ${CURRENCY_CODES.join(', ')} (currencies with two decimals)`,
  });
const wholeNumber = (min: number) =>
  z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(min, `must be at least ${min}`)
    .max(10_000_000, 'must be at most 10000000');
const price = (min: number) =>
  z
    .number({ message: 'must be a number' })
    .min(min, min === 0 ? 'must be 0 or more' : `must be at least ${min}`)
    .max(1_000_000, 'must be at most 1000000')
    .refine(hasCents, 'must have at most two decimals');
/** One feature per entry; blank entries are dropped (the form sends one per line). */
const features = z
  .array(z.string({ message: 'must be texts' }).max(200, 'must be at most 200 characters each'), { message: 'must be a list of texts' })
  .max(30, 'must be at most 30 entries')
  .transform((list) => list.map((f) => f.trim()).filter((f) => f.length > 0));
export const levelType = z.string(required).pipe(z.enum(['free', 'vip', 'premium'], { message: 'must be free, vip or premium' }));
const notChangeable = (what: string) => z.never({ message: `cannot be changed; ${what}` }).optional();
const nothingToChange = (fields: string) => ({ message: `Nothing to change: send any of ${fields}` });
const someField = (value: object) => Object.values(value).some((v) => v !== undefined);

export const newPackage = z.object({
  type: key('premium_plus'),
  name,
  credits: wholeNumber(1),
  price: price(0.01),
  currency: currency.optional(),
  popular: z.boolean({ message: 'must be true or false' }).default(false),
});
export const packageChange = z
  .object({
    type: notChangeable('add a new package instead'),
    name: name.optional(),
    credits: wholeNumber(1).optional(),
    price: price(0.01).optional(),
    currency: currency.optional(),
    popular: z.boolean({ message: 'must be true or false' }).optional(),
  })
  .refine(someField, nothingToChange('name, credits, price, currency, popular'));

const planPrice = z.object({ price: price(0), currency: currency.optional() }, { message: 'must be an object with a price' });
export const newPlan = z.object({
  planId: key('vip_plus'),
  name,
  levelType,
  features: features.default([]),
  monthly: planPrice,
  yearly: planPrice,
  currency: currency.optional(),
});
export const planChange = z
  .object({
    planId: notChangeable('add a new plan instead'),
    name: name.optional(),
    levelType: levelType.optional(),
    features: features.optional(),
    monthly: planPrice.optional(),
    yearly: planPrice.optional(),
    currency: currency.optional(),
  })
  .refine(someField, nothingToChange('name, levelType, features, monthly, yearly'));
export const planPriceChange = z.object({ price: price(0) });
export const billingCycle = z.enum(['monthly', 'yearly'], { message: 'The billing cycle must be monthly or yearly' });

export const newLevel = z.object({
  levelType,
  name,
  dailyCredits: wholeNumber(0),
  features: features.default([]),
  description: z.string({ message: 'must be a text' }).trim().max(500, 'must be at most 500 characters').default(''),
});
export const levelChange = z
  .object({
    levelType: notChangeable('add a new level instead'),
    name: name.optional(),
    dailyCredits: wholeNumber(0).optional(),
    features: features.optional(),
    description: z.string({ message: 'must be a text' }).trim().max(500, 'must be at most 500 characters').optional(),
  })
  .refine(someField, nothingToChange('name, dailyCredits, features, description'));

/** An empty form field counts as not given. */
const optionalField = <T extends z.ZodType>(schema: T) => z.preprocess((v) => (v === '' ? undefined : v), schema.optional());
/** A calendar day that exists: 2027-02-31 is refused rather than read as 3 March. */
const isCalendarDay = (v: string) => {
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
};
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { message: 'must be a date as YYYY-MM-DD', abort: true })
  .refine(isCalendarDay, { error: (issue) => `${String(issue.input)} is not a calendar date (YYYY-MM-DD)` });

export const paymentsQuery = z
  .object({
    page: z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number').min(1, 'must be at least 1').default(1),
    limit: z.coerce
      .number({ message: 'must be a whole number' })
      .int('must be a whole number')
      .min(1, 'must be at least 1')
      .max(100, 'must be at most 100')
      .default(20),
    status: optionalField(
      z.enum(['all', 'completed', 'failed', 'canceled', 'requires_action', 'processing', 'abandoned', 'refunded', 'disputed'], {
        message: 'must be all, completed, failed, canceled, requires_action, processing, abandoned, refunded or disputed',
      }),
    ),
    dateFrom: optionalField(day),
    dateTo: optionalField(day),
  })
  .refine((q) => !q.dateFrom || !q.dateTo || q.dateFrom <= q.dateTo, { message: 'dateFrom: must not be after dateTo', path: [] });

export const memberIds = z.object({
  ids: z
    .string({ message: 'ids: is required (comma-separated user ids)' })
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((id) => id.trim())
          .filter(Boolean),
      ),
    ])
    .pipe(
      z
        .array(z.uuid({ message: 'must be user ids (uuids)' }))
        .min(1, 'is required (comma-separated user ids)')
        .max(100, 'must name at most 100 users'),
    ),
});
/** A member's credit history, 20 entries a page. */
export const historyQuery = creditHistoryQuery(20);
export const memberId = z.uuid({ message: 'The member id must be a user id (uuid)' });

const EXPIRY_FORMAT = 'must be a date (YYYY-MM-DD) or a date-time with offset';
/** `subscriptionExpiry` as a date means the end of that day in Hong Kong. */
const expiry = z.string({ message: EXPIRY_FORMAT }).transform((v, ctx) => {
  if (/^\d{4}-\d{2}-\d{2}$/.test(v)) {
    if (isCalendarDay(v)) return new Date(`${v}T23:59:59.999+08:00`);
    ctx.addIssue({ code: 'custom', message: `${v} is not a calendar date (YYYY-MM-DD)` });
    return z.NEVER;
  }
  // Zod's date-time format checks the calendar too (no 31 February, leap years).
  if (z.iso.datetime({ offset: true }).safeParse(v).success) return new Date(v);
  ctx.addIssue({ code: 'custom', message: EXPIRY_FORMAT });
  return z.NEVER;
});

export const memberChange = z
  .object({
    role: z.never({ message: 'is kept by the accounts service, not by billing' }).optional(),
    /** Why the admin changes the member; kept on the credit adjustment. */
    reason: z.string({ message: 'must be a text' }).trim().max(500, 'must be at most 500 characters').optional(),
    paidCredits: wholeNumber(0).optional(),
    credits: wholeNumber(0).optional(),
    level: levelType.optional(),
    subscriptionPlan: z
      .string({ message: 'must be a plan id, or null for none' })
      .trim()
      .min(1, 'must be a plan id, or null for none')
      .nullable()
      .optional(),
    subscriptionExpiry: expiry.optional(),
    /**
     * The member as auth holds them, sent by the admin service, which found them there: billing
     * opens their account as `user.registered` would when it has not heard of it yet (ADR 0068).
     */
    registered: z
      .object({ email: z.string().trim().min(1).max(320), firstName: z.string().max(100), lastName: z.string().max(100) })
      .optional(),
  })
  .refine(
    ({ registered: _registered, ...change }) => someField(change),
    nothingToChange('paidCredits, credits, level, subscriptionPlan, subscriptionExpiry'),
  )
  .refine((c) => c.paidCredits === undefined || c.credits === undefined || c.credits >= c.paidCredits, {
    message: 'credits: the total must be at least paidCredits',
    path: [],
  });
export type MemberChange = z.infer<typeof memberChange>;

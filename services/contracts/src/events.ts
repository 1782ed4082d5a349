import { z } from 'zod';
import { investorPreferencesSchema } from './investor-preferences';
import { RISK_PROFILES, type RiskProfileId } from './risk-questionnaire';

/**
 * The events of ARCHITECTURE.md: one zod schema for the `data` of each type, shared by the
 * producer (validates before writing to its outbox) and the consumers (validate on receipt).
 * The routing key is the type. A breaking change to a schema needs a new `version`.
 */
const id = z.uuid();
const level = z.enum(['free', 'vip', 'premium']);
const isoDate = z.iso.datetime({ offset: true });
const investorType = z.enum(Object.keys(RISK_PROFILES) as [RiskProfileId, ...RiskProfileId[]]);
const money = z.object({ amount: z.number().int().nonnegative(), currency: z.string().length(3) });

export const eventSchemas = {
  'user.registered': z.object({
    userId: id,
    email: z.email(),
    firstName: z.string(),
    lastName: z.string(),
    registeredAt: isoDate,
  }),
  'user.logged-in': z.object({
    userId: id.nullable(),
    email: z.string(),
    success: z.boolean(),
    reason: z.string().optional(),
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
  }),
  /**
   * `fields` names what changed. `investorType` is the user's investor type (the risk
   * questionnaire's result, one of RISK_PROFILES) as it stands after the change, null once it is
   * cleared (no route clears it today). Auth sends it with every profile save once the user has a
   * type; it is absent from other updates (a password change) and from events older than it,
   * which consumers of the type ignore. `preferences` (the wizard's horizon, goals and sectors)
   * likewise goes with every profile save once the user has saved any; analysis tailors the
   * advice of the user's own type with it.
   */
  'user.updated': z.object({
    userId: id,
    fields: z.array(z.string()),
    investorType: investorType.nullable().optional(),
    preferences: investorPreferencesSchema.optional(),
    /** The role after the change, sent when `fields` names `role` (an admin's edit, the admin seed, make-admin). */
    role: z.enum(['user', 'admin']).optional(),
  }),
  /** An admin deleted the account: auth has removed it and revoked its tokens. */
  'user.deleted': z.object({ userId: id, email: z.string(), deletedBy: id }),

  'analysis.requested': z.object({ analysisId: id, userId: id, symbol: z.string() }),
  'analysis.completed': z.object({ analysisId: id, userId: id, symbol: z.string() }),
  'analysis.failed': z.object({ analysisId: id, userId: id, symbol: z.string(), error: z.string() }),
  /**
   * A start refused before anything was charged or recorded: `code` is the refusal's error code
   * (INSUFFICIENT_CREDITS, NO_MARKET_DATA, NOT_ANALYSABLE), `reason` the message the user got.
   */
  'analysis.refused': z.object({ userId: id, symbol: z.string(), code: z.string(), reason: z.string() }),

  'credit.debited': z.object({ userId: id, amount: z.number().int().positive(), reference: z.string() }),
  'credit.refunded': z.object({ userId: id, amount: z.number().int().positive(), reference: z.string() }),
  'credit.granted': z.object({
    userId: id,
    amount: z.number().int().positive(),
    kind: z.enum(['purchase', 'daily', 'admin', 'signup']),
    reference: z.string(),
  }),

  'payment.confirmed': z.object({
    paymentId: id,
    userId: id,
    price: money,
    credits: z.number().int().nonnegative(),
    provider: z.enum(['stripe', 'demo']),
    providerPaymentId: z.string(),
  }),
  'payment.failed': z.object({
    paymentId: id,
    userId: id,
    price: money,
    provider: z.enum(['stripe', 'demo']),
    providerPaymentId: z.string(),
    reason: z.string(),
  }),
  /**
   * A completed payment was refunded, in part or in full (`fullyRefunded`). The figures are
   * cumulative, so a consumer seeing two of them keeps the latest: `refunded` of `price` so far;
   * of the package's `credits`, `creditsTakenBack` were taken back and `creditsShortfall` could
   * not be, the member having spent them. A subscription payment has no credits (all zero).
   */
  'payment.refunded': z.object({
    paymentId: id,
    userId: id,
    price: money,
    refunded: money,
    fullyRefunded: z.boolean(),
    credits: z.number().int().nonnegative(),
    creditsTakenBack: z.number().int().nonnegative(),
    creditsShortfall: z.number().int().nonnegative(),
    provider: z.enum(['stripe', 'demo']),
    providerPaymentId: z.string(),
  }),

  'subscription.started': z.object({ subscriptionId: id, userId: id, planId: z.string(), level, periodEnd: isoDate }),
  'subscription.renewed': z.object({ subscriptionId: id, userId: id, planId: z.string(), level, periodEnd: isoDate }),
  'subscription.canceled': z.object({ subscriptionId: id, userId: id, planId: z.string(), atPeriodEnd: z.boolean() }),
  'subscription.expired': z.object({ subscriptionId: id, userId: id, planId: z.string() }),

  'membership.changed': z.object({ userId: id, level, previousLevel: level }),

  /**
   * A watchlist alert fired and analysis stored a notification for the member (ADR 0069). `email`
   * is the member's e-mail setting when it fired: auth, which holds the address, mails it only
   * then. `price` is the price that crossed, `threshold` the price it crossed (null for a report
   * gone stale on newer figures), `analysisId` the report the alert followed (null for an alert on
   * the member's own price without a report).
   */
  'notification.created': z.object({
    notificationId: id,
    userId: id,
    kind: z.enum(['price_above', 'price_below', 'report_thresholds', 'report_stale']),
    symbol: z.string(),
    stockName: z.string(),
    title: z.string(),
    body: z.string(),
    price: z.number().nullable(),
    threshold: z.number().nullable(),
    currency: z.string().nullable(),
    analysisId: id.nullable(),
    email: z.boolean(),
  }),
} as const;

export type EventType = keyof typeof eventSchemas;
export type EventData<T extends EventType> = z.infer<(typeof eventSchemas)[T]>;
export const eventTypes = Object.keys(eventSchemas) as EventType[];

/** Validates (and strips unknown fields from) the data of an event before it is written. */
export function eventData<T extends EventType>(type: T, data: EventData<T>): EventData<T> {
  return eventSchemas[type].parse(data) as EventData<T>;
}

/** Validates the data of a received event; a bad payload throws and ends in the dead-letter queue. */
export function parseEventData<T extends EventType>(type: T, data: unknown): EventData<T> {
  return eventSchemas[type].parse(data) as EventData<T>;
}

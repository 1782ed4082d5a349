import { z } from 'zod';
import type { MembershipLevel } from './auth';

/** The watchlist and its notifications (`watchlist*`, `notifications*`), answered by analysis (ADR 0069). */

/**
 * How many stocks a member may follow, by membership level. Shared so that the plan cards can
 * show each plan's limit (a plan names its level) from the same figures the API enforces.
 */
export const WATCHLIST_LIMITS: Record<MembershipLevel, number> = { free: 10, vip: 30, premium: 100 };

/**
 * What an alert watches: the price across a price of the member's own (`price_above`,
 * `price_below`), the last report's buy and sell prices (`report_thresholds`), or the last
 * report going stale (`report_stale`: the price moved more than 10 % from the report's, or newer
 * figures of the stock were loaded).
 */
export const ALERT_KINDS = ['price_above', 'price_below', 'report_thresholds', 'report_stale'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const alertKind = z.enum(ALERT_KINDS);

export const watchlistAlert = z
  .object({
    id: z.string(),
    kind: alertKind,
    price: z.number().optional().meta({ description: 'The price of price_above and price_below' }),
    active: z
      .boolean()
      .meta({ description: 'Armed: fires at the next crossing (false after it fired, until the price is back across by the margin)' }),
    lastFiredAt: z.string().nullable(),
  })
  .meta({ id: 'WatchlistAlert' });
export type WatchlistAlert = z.infer<typeof watchlistAlert>;

const valueRange = z.object({ low: z.number(), base: z.number(), high: z.number() });

/** The last completed report of the stock, as far as the watchlist shows it. */
export const watchlistReport = z
  .object({
    analysisId: z.string(),
    createdAt: z.string(),
    recommendation: z.string().meta({ description: "The report's call (strong_buy … strong_sell) or unrated" }),
    fairValue: z.number().nullable(),
    range: valueRange.nullable(),
    buyBelow: z.number().nullable().meta({ description: 'Below this price the call would be a buy; null when unrated' }),
    sellAbove: z.number().nullable().meta({ description: 'Above this price the call would be a sell; null when unrated' }),
  })
  .meta({ id: 'WatchlistReport' });
export type WatchlistReport = z.infer<typeof watchlistReport>;

export const watchlistItem = z
  .object({
    symbol: z.string(),
    name: z.string(),
    lastPrice: z.number().nullable(),
    priceAsOf: z
      .string()
      .nullable()
      .meta({ description: 'The date of lastPrice (ISO date, or year-month where the data gives only that)' }),
    report: watchlistReport.nullable(),
    alerts: z.array(watchlistAlert),
  })
  .meta({ id: 'WatchlistItem' });
export type WatchlistItem = z.infer<typeof watchlistItem>;

/** GET watchlist. */
export const watchlistResponse = z.object({
  items: z.array(watchlistItem),
  limit: z.number().int().meta({ description: "How many stocks the member's level may follow" }),
});
export type WatchlistResponse = z.infer<typeof watchlistResponse>;

export const notification = z
  .object({
    id: z.string(),
    kind: alertKind,
    symbol: z.string(),
    title: z.string(),
    body: z.string(),
    createdAt: z.string(),
    read: z.boolean(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notification>;

/** GET notifications. */
export const notificationsResponse = z.object({
  notifications: z.array(notification),
  unread: z.number().int(),
  total: z.number().int(),
});
export type NotificationsResponse = z.infer<typeof notificationsResponse>;

/** GET/PUT notifications/settings. */
export const notificationSettings = z.object({ email: z.boolean() }).meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof notificationSettings>;

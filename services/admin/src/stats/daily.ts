import type { Queryable } from '@stockai/platform';
import { activitiesRepo } from '../activities/repo';
import { alertsSentRepo } from '../alerts/repo';
import { analysesRepo } from '../analyses/repo';

const DAY_MS = 86_400_000;

/** One UTC day of the dashboard's chart. */
export interface DailyFigures {
  /** YYYY-MM-DD, a UTC calendar day. */
  date: string;
  /** Confirmed payments' amounts, one entry per currency (never added across currencies); empty on a day without any. */
  revenue: Array<{ amount: number; currency: string }>;
  /** Confirmed payments. */
  payments: number;
  /** Analyses started (whatever their outcome). */
  analyses: number;
  /** Of those, completed. */
  completedAnalyses: number;
  /** Watchlist alerts sent to members (notifications, whether or not also e-mailed). */
  alertsSent: number;
}

/** The `days` UTC dates ending with today's, oldest first. */
export function utcDays(now: Date, days: number): string[] {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(today - (days - 1 - i) * DAY_MS).toISOString().slice(0, 10));
}

/**
 * Revenue, payments and analyses per UTC day, from the admin service's own read models: the
 * activity log's confirmed payments (`payment.confirmed`, amounts in major units as the log keeps
 * them, summed as exact decimals), the analyses table (`analysis.requested`) and the alerts sent
 * (`notification.created`). Gross revenue:
 * a refund later is billing's to report (payment stats), not taken off the day it was paid.
 * Every day of the range is present, a quiet day with zeros, so a chart never skips one.
 */
export async function dailyFigures(db: Queryable, now: Date, days: number): Promise<DailyFigures[]> {
  const dates = utcDays(now, days);
  const since = `${dates[0]}T00:00:00Z`;
  const revenue = await activitiesRepo.confirmedPaymentsPerDay(db, since);
  const analyses = await analysesRepo.perDay(db, since);
  const alerts = await alertsSentRepo.perDay(db, since);
  const byDay = new Map<string, DailyFigures>(
    dates.map((date) => [date, { date, revenue: [], payments: 0, analyses: 0, completedAnalyses: 0, alertsSent: 0 }]),
  );
  for (const r of revenue) {
    const day = byDay.get(r.day);
    if (!day) continue; // a payment dated in the future (a clock ahead elsewhere) is no day of this range
    day.revenue.push({ amount: Number(r.amount), currency: r.currency });
    day.payments += Number(r.payments);
  }
  for (const r of analyses) {
    const day = byDay.get(r.day);
    if (!day) continue;
    day.analyses = Number(r.analyses);
    day.completedAnalyses = Number(r.completed);
  }
  for (const r of alerts) {
    const day = byDay.get(r.day);
    if (day) day.alertsSent = Number(r.alerts);
  }
  return [...byDay.values()];
}

import type { Database } from '@stockai/platform';
import { hongKongDay } from '../credits/hong-kong-day';
import { perCurrency } from '../catalogue/money';
import { paymentFields } from '../payments/views';
import { type AdminPaymentRow, adminPaymentsRepo } from './payments-repo';

/**
 * The start of a Hong Kong calendar day (YYYY-MM-DD) as an instant. Hong Kong keeps UTC+8 all
 * year (no daylight saving since 1979), so the offset is fixed.
 */
const hongKongMidnight = (day: string) => new Date(`${day}T00:00:00+08:00`);
const nextDay = (day: string) => hongKongDay(new Date(hongKongMidnight(day).getTime() + 36 * 60 * 60 * 1000));
const nextMonth = (month: string) => {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, '0')}`;
};

const toAdminPayment = (p: AdminPaymentRow) => ({
  _id: p.id,
  userId: p.user_id,
  userEmail: p.email,
  userName: [p.first_name, p.last_name].filter(Boolean).join(' ') || null,
  // The directory knows the name as registered; auth has reported a change since (src/directory).
  userNameChanged: p.name_changed_at !== null,
  ...paymentFields(p),
  createdAt: p.created_at.toISOString(),
  stripePaymentIntentId: p.provider_payment_id,
  provider: p.provider,
});

/** Payments as admins see them: every user's, filtered by status and Hong Kong dates, and the totals. */
export function adminPayments(db: Database, now: () => Date) {
  return {
    /**
     * `dateFrom` and `dateTo` are Hong Kong calendar days, both included. Every status (and `all`)
     * leaves out intents whose card was never submitted; `abandoned` lists just those (payments/statuses.ts).
     */
    async list(query: { page: number; limit: number; status?: string; dateFrom?: string; dateTo?: string }) {
      const filter = {
        status: query.status === 'all' ? undefined : query.status,
        from: query.dateFrom ? hongKongMidnight(query.dateFrom) : undefined,
        to: query.dateTo ? hongKongMidnight(nextDay(query.dateTo)) : undefined,
      };
      const { rows, total } = await adminPaymentsRepo.page(db, filter, query.limit, (query.page - 1) * query.limit);
      return { payments: rows.map(toAdminPayment), page: query.page, pages: Math.max(1, Math.ceil(total / query.limit)), total };
    },

    /**
     * Revenue counts completed payments (packages and subscriptions) less what was refunded of
     * them, per currency, by the day the payment was made (a refund lowers its payment's day);
     * "this month" and "today" are Hong Kong's. Transactions count every payment a card was
     * submitted for (any status; an abandoned intent is none); successful ones are those still
     * completed (a partial refund keeps a payment completed). Credits sold leave out those due
     * back for refunds; the average is over completed credit purchases (subscription payments
     * sell no credits), to one decimal.
     */
    async stats() {
      const today = hongKongDay(now());
      const month = today.slice(0, 7);
      const revenue = await adminPaymentsRepo.revenue(
        db,
        hongKongMidnight(`${month}-01`),
        hongKongMidnight(`${nextMonth(month)}-01`),
        hongKongMidnight(today),
        hongKongMidnight(nextDay(today)),
      );
      const t = await adminPaymentsRepo.transactions(db);
      return {
        totalRevenue: perCurrency(revenue.map((r) => ({ currency: r.currency, minor: r.total }))),
        monthlyRevenue: perCurrency(revenue.map((r) => ({ currency: r.currency, minor: r.month }))),
        todayRevenue: perCurrency(revenue.map((r) => ({ currency: r.currency, minor: r.today }))),
        totalTransactions: t.total,
        successfulTransactions: t.successful,
        failedTransactions: t.failed,
        totalCreditsSold: t.credits_sold,
        avgCreditsPerTransaction: t.credit_purchases === 0 ? 0 : Math.round((t.credits_sold / t.credit_purchases) * 10) / 10,
        month,
        today,
        timeZone: 'Asia/Hong_Kong',
      };
    },
  };
}

export type AdminPayments = ReturnType<typeof adminPayments>;

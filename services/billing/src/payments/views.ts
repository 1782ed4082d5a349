import { fromMinorUnits } from '../catalogue/money';
import type { PaymentRow } from './repo';

/** The payment statuses the payments lists name; every other (still open at the processor) shows as processing. */
export const SHOWN_STATUSES = ['completed', 'failed', 'canceled', 'requires_action'];
export const shownStatus = (status: string) => (SHOWN_STATUSES.includes(status) ? status : 'processing');

/** What a payment is, as the user's and the admin's payments lists both show it. */
export const paymentFields = (p: PaymentRow) => ({
  type: p.type,
  packageType: p.package_type,
  credits: p.credits,
  amount: fromMinorUnits(p.amount),
  currency: p.currency,
  status: shownStatus(p.status),
});

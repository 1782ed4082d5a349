import { fromMinorUnits } from '../catalogue/money';
import type { PaymentRow } from './repo';
import { ABANDONED, SHOWN_STATUSES, UNSUBMITTED_STATUSES } from './statuses';

const shownStatus = (status: string) =>
  UNSUBMITTED_STATUSES.includes(status) ? ABANDONED : SHOWN_STATUSES.includes(status) ? status : 'processing';

/** What a payment is, as the user's and the admin's payments lists both show it. */
export const paymentFields = (p: PaymentRow) => ({
  type: p.type,
  packageType: p.package_type,
  packageName: p.package_name,
  credits: p.credits,
  amount: fromMinorUnits(p.amount),
  currency: p.currency,
  status: shownStatus(p.status),
  // Only a payment refunded or disputed carries these (a partial refund stays completed).
  ...(p.amount_refunded > 0 || p.credits_refunded + p.credits_disputed > 0
    ? {
        refunded: fromMinorUnits(p.amount_refunded),
        creditsTakenBack: p.credits_refunded + p.credits_disputed - p.credits_shortfall,
        creditsShortfall: p.credits_shortfall,
      }
    : {}),
});

import { z } from 'zod';
import type { LedgerHistoryRow } from './repo';

/** `page` and `limit` of a credit history (the member's and the admin's), `defaultLimit` entries a page unless asked. */
export function creditHistoryQuery(defaultLimit: number) {
  const wholeNumber = z.coerce.number({ message: 'must be a whole number' }).int('must be a whole number');
  return z.object({
    page: wholeNumber.min(1, 'must be at least 1').default(1),
    limit: wholeNumber.min(1, 'must be at least 1').max(100, 'must be at most 100').default(defaultLimit),
  });
}

/**
 * What a ledger entry was, in the member's words: the web labels each (管理員調整 for an admin's
 * adjustment). `correction` is the system's own change (a refund or dispute taking bought credits
 * back, daily credits cut to a lowered allowance, the opening balance of an older account).
 */
export type CreditChangeType = 'admin_adjustment' | 'purchase' | 'analysis' | 'refund' | 'daily' | 'correction';

/** An admin's change: the admin edit and adjust (`admin:<adminId>`) and an admin's top-up (`topup:<adminId>:…`). */
function isAdminAdjustment(row: LedgerHistoryRow): boolean {
  return row.kind === 'adjustment' && (row.reference?.startsWith('admin:') === true || row.reference?.startsWith('topup:') === true);
}

function typeOf(row: LedgerHistoryRow): CreditChangeType {
  if (isAdminAdjustment(row)) return 'admin_adjustment';
  switch (row.kind) {
    case 'grant':
      return 'purchase';
    case 'debit':
      return 'analysis';
    case 'refund':
      return 'refund';
    case 'daily_refill':
      return 'daily';
    default:
      return 'correction';
  }
}

/**
 * A member's own view of an entry: what it was, by how many credits, and an admin's reason. The
 * reference stays out (it names the admin's account id and the processor's payment ids).
 */
export function memberCreditChange(row: LedgerHistoryRow) {
  const type = typeOf(row);
  return {
    type,
    credits: row.paid_delta + row.daily_delta,
    paidDelta: row.paid_delta,
    dailyDelta: row.daily_delta,
    reason: type === 'admin_adjustment' ? row.reason : null,
    createdAt: row.created_at.toISOString(),
  };
}

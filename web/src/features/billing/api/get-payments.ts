import { apiClient } from '@/lib/api-client';
import type { PaymentRecord, PaymentStatus } from '../types/payment';
import { DEFAULT_CURRENCY } from './get-packages';
import { listOf, numberOf, objectOf, stringOf } from './read-json';

/** The profile shows the latest five payments (spec section 9). */
export const RECENT_PAYMENTS_LIMIT = 5;

const SHOWN_STATUSES: readonly PaymentStatus[] = ['completed', 'failed', 'canceled', 'requires_action', 'refunded', 'disputed'];

/** The statuses above as they are (refunded in full; disputed: the card's bank took the money back); every other reads as processing. */
export const paymentStatusOf = (value: unknown): PaymentStatus => SHOWN_STATUSES.find((status) => status === value) ?? 'processing';

export function parsePayments(raw: unknown): PaymentRecord[] {
  return listOf(objectOf(raw).payments).map((item, index) => {
    const p = objectOf(item);
    return {
      id: stringOf(p.id) ?? stringOf(p.providerPaymentId) ?? String(index),
      date: stringOf(p.date) ?? stringOf(p.createdAt) ?? '',
      type: stringOf(p.type) ?? 'topup',
      price: { amount: numberOf(p.amount) ?? 0, currency: stringOf(p.currency) ?? DEFAULT_CURRENCY },
      status: paymentStatusOf(p.status),
      providerPaymentId: stringOf(p.providerPaymentId),
    };
  });
}

/** GET users/payments, newest first. */
export async function getPayments(page: number, limit: number, signal?: AbortSignal): Promise<PaymentRecord[]> {
  return parsePayments(await apiClient.get<unknown>('users/payments', { query: { page, limit }, signal }));
}

import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PaymentRecord } from '../types/payment';

/** The profile shows the latest five payments (spec section 9). */
export const RECENT_PAYMENTS_LIMIT = 5;

/** Every list of the user's payments; a payment invalidates them all. */
export const paymentsQueryKey = ['payments'] as const;

/** GET users/payments, newest first. */
export async function getPayments(page: number, limit: number, signal?: AbortSignal): Promise<PaymentRecord[]> {
  const { payments } = await apiClient.get('users/payments', (s) => s.userPaymentsResponse, { query: { page, limit }, signal });
  return payments.map((p) => ({
    id: p.id,
    date: p.date,
    type: p.type,
    packageName: p.packageName,
    price: { amount: p.amount, currency: p.currency },
    // An intent nobody paid is no payment; the list leaves it out, and would show it as processing.
    status: p.status === 'abandoned' ? 'processing' : p.status,
    providerPaymentId: p.providerPaymentId,
  }));
}

export function useRecentPayments() {
  return useQuery({
    queryKey: [...paymentsQueryKey, 1, RECENT_PAYMENTS_LIMIT],
    queryFn: ({ signal }) => getPayments(1, RECENT_PAYMENTS_LIMIT, signal),
    staleTime: 0,
  });
}

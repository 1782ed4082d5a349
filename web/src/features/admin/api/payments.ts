import { adminPaymentStatsResponse, adminPaymentsResponse } from '@stockai/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_PAGE_SIZE, adminKeys, adminRequest } from './admin-client';

export type PaymentStatusFilter = 'all' | 'completed' | 'failed' | 'canceled' | 'requires_action';

export interface PaymentFilters {
  status: PaymentStatusFilter;
  /** YYYY-MM-DD, Hong Kong days, both included; '' for none. */
  dateFrom: string;
  dateTo: string;
}

export function paymentsQuery(page: number, filters: PaymentFilters, limit = ADMIN_PAGE_SIZE) {
  return {
    page,
    limit,
    status: filters.status === 'all' ? undefined : filters.status,
    dateFrom: filters.dateFrom || undefined,
    dateTo: filters.dateTo || undefined,
  };
}

export function fetchPayments(page: number, filters: PaymentFilters, limit?: number, signal?: AbortSignal) {
  return adminRequest('payments', adminPaymentsResponse, { query: paymentsQuery(page, filters, limit), signal });
}

export function usePayments(page: number, filters: PaymentFilters) {
  return useQuery({
    queryKey: [...adminKeys.payments, page, filters],
    queryFn: ({ signal }) => fetchPayments(page, filters, ADMIN_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePaymentStats() {
  return useQuery({
    queryKey: [...adminKeys.payments, 'stats'],
    queryFn: async ({ signal }) => (await adminRequest('payment-stats', adminPaymentStatsResponse, { signal })).stats,
    staleTime: 0,
  });
}

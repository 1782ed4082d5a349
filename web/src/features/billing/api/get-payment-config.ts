import { useQuery } from '@tanstack/react-query';
import { ApiError, apiClient } from '@/lib/api-client';
import type { PaymentConfig } from '../types/payment';

const DEMO: PaymentConfig = { processor: 'demo', publishableKey: null };

/**
 * GET payments/config: which card form to show. A billing service from before this endpoint
 * answers 404: that one is demo-only. Stripe without a publishable key could not show its
 * form; the demo form is the honest fallback.
 */
export async function getPaymentConfig(signal?: AbortSignal): Promise<PaymentConfig> {
  try {
    const { processor, publishableKey } = await apiClient.get('payments/config', (s) => s.paymentConfigResponse, { signal });
    return processor === 'stripe' && publishableKey ? { processor, publishableKey } : DEMO;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return DEMO;
    throw error;
  }
}

/** It cannot change while the page is open, so it is read once. */
export function usePaymentConfig() {
  return useQuery({ queryKey: ['payment-config'], queryFn: ({ signal }) => getPaymentConfig(signal), staleTime: Infinity });
}

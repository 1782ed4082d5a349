import { ApiError, apiClient } from '@/lib/api-client';
import type { PaymentConfig } from '../types/payment';
import { objectOf, stringOf } from './read-json';

const DEMO: PaymentConfig = { processor: 'demo', publishableKey: null };

export function parsePaymentConfig(raw: unknown): PaymentConfig {
  const data = objectOf(raw);
  const publishableKey = stringOf(data.publishableKey);
  // Stripe without a publishable key could not show its form; the demo form is the honest fallback.
  return data.processor === 'stripe' && publishableKey ? { processor: 'stripe', publishableKey } : DEMO;
}

let cached: Promise<PaymentConfig> | null = null;

/**
 * GET payments/config: which card form to show. It cannot change while the page is open, so it
 * is read once. A billing service from before this endpoint answers 404: that one is demo-only.
 */
export function getPaymentConfig(): Promise<PaymentConfig> {
  cached ??= apiClient.get<unknown>('payments/config').then(parsePaymentConfig, (error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return DEMO;
    cached = null;
    throw error;
  });
  return cached;
}

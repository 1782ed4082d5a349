import { apiClient } from '@/lib/api-client';
import type { PackageIntent } from '../types/payment';

/**
 * POST payments/create-payment-intent: the server prices the package; the client only names it.
 * `idempotencyKey` names the purchase attempt, so a resent request makes no second intent.
 */
export function createPaymentIntent(packageType: string, idempotencyKey: string, signal?: AbortSignal): Promise<PackageIntent> {
  return apiClient.post(
    'payments/create-payment-intent',
    (s) => s.paymentIntentResponse,
    { packageType },
    {
      headers: { 'Idempotency-Key': idempotencyKey },
      signal,
    },
  );
}

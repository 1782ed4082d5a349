import { apiClient } from '@/lib/api-client';
import type { PackageIntent } from '../types/payment';
import { objectOf, stringOf } from './read-json';

/**
 * POST payments/create-payment-intent: the server prices the package; the client only names it.
 * `idempotencyKey` names the purchase attempt, so a resent request makes no second intent.
 */
export async function createPaymentIntent(packageType: string, idempotencyKey: string, signal?: AbortSignal): Promise<PackageIntent> {
  const data = objectOf(
    await apiClient.post<unknown>(
      'payments/create-payment-intent',
      { packageType },
      { headers: { 'Idempotency-Key': idempotencyKey }, signal },
    ),
  );
  const paymentIntentId = stringOf(data.paymentIntentId);
  const clientSecret = stringOf(data.clientSecret);
  if (!paymentIntentId || !clientSecret) throw new Error('The payment intent came without its id or client secret');
  return { paymentIntentId, clientSecret };
}

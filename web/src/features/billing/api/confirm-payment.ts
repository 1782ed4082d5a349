import { apiClient } from '@/lib/api-client';
import { objectOf } from './read-json';

/**
 * POST payments/confirm-payment: the server asks the processor how the intent stands and grants
 * the package's credits once. Resolves true when they were added.
 */
export async function confirmPayment(paymentIntentId: string): Promise<boolean> {
  const data = objectOf(await apiClient.post<unknown>('payments/confirm-payment', { paymentIntentId }));
  return data.success === true || data.status === 'completed';
}

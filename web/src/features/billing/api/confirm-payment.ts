import { apiClient } from '@/lib/api-client';

/**
 * POST payments/confirm-payment: the server asks the processor how the intent stands and grants
 * the package's credits once. Resolves true when they were added.
 */
export async function confirmPayment(paymentIntentId: string): Promise<boolean> {
  const { success, status } = await apiClient.post('payments/confirm-payment', (s) => s.confirmPaymentResponse, { paymentIntentId });
  return success || status === 'completed';
}

import { apiClient } from '@/lib/api-client';
import type { CurrentSubscription } from '../types/subscription';
import { parseCurrentSubscription } from './get-current-subscription';

/** POST subscriptions/cancel; `immediate` false stops the subscription at the end of the paid period. */
export async function cancelSubscription(immediate: boolean): Promise<CurrentSubscription> {
  return parseCurrentSubscription(await apiClient.post<unknown>('subscriptions/cancel', { immediate }));
}

/** PUT subscriptions/auto-renewal; turning it on also withdraws a cancellation at period end. */
export async function setAutoRenewal(autoRenewal: boolean): Promise<CurrentSubscription> {
  return parseCurrentSubscription(await apiClient.put<unknown>('subscriptions/auto-renewal', { autoRenewal }));
}

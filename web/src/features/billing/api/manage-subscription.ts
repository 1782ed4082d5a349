import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useBilling } from '../hooks/use-billing';
import type { CurrentSubscription } from '../types/subscription';

/** POST subscriptions/cancel; `immediate` false stops the subscription at the end of the paid period. */
export function cancelSubscription(immediate: boolean): Promise<CurrentSubscription> {
  return apiClient.post('subscriptions/cancel', (s) => s.currentSubscriptionResponse, { immediate });
}

/** PUT subscriptions/auto-renewal; turning it on also withdraws a cancellation at period end. */
export function setAutoRenewal(autoRenewal: boolean): Promise<CurrentSubscription> {
  return apiClient.put('subscriptions/auto-renewal', (s) => s.currentSubscriptionResponse, { autoRenewal });
}

export type SubscriptionAction = { kind: 'cancel'; immediate: boolean } | { kind: 'autoRenewal'; autoRenewal: boolean };

/** A change to the user's subscription; the answer is the new state, shown at once everywhere. */
export function useSubscriptionAction() {
  const { subscriptionChanged } = useBilling();
  return useMutation({
    mutationFn: (action: SubscriptionAction) =>
      action.kind === 'cancel' ? cancelSubscription(action.immediate) : setAutoRenewal(action.autoRenewal),
    onSuccess: subscriptionChanged,
  });
}

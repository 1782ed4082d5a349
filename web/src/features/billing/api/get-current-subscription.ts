import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CurrentSubscription } from '../types/subscription';

export const subscriptionQueryKey = (userId: string | null) => ['subscription', userId] as const;

export function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return apiClient.get('subscriptions/current', (s) => s.currentSubscriptionResponse, { signal });
}

/** The signed-in user's subscription; nothing is loaded for a visitor. */
export function useCurrentSubscription(userId: string | null) {
  return useQuery({
    queryKey: subscriptionQueryKey(userId),
    queryFn: ({ signal }) => getCurrentSubscription(signal),
    enabled: userId !== null,
  });
}

import type { SubscriptionPlanView } from '@stockai/contracts';
import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { PlanPrice, SubscriptionPlan } from '../types/catalogue';

export const plansQueryKey = ['plans'] as const;

const toPlanPrice = (p: SubscriptionPlanView['monthly']): PlanPrice | null =>
  p && { price: { amount: p.price, currency: p.currency }, durationDays: p.duration };

export const toSubscriptionPlan = (p: SubscriptionPlanView): SubscriptionPlan => ({
  id: p.id,
  name: p.name,
  level: p.levelType,
  dailyCredits: p.dailyCredits,
  features: p.features,
  monthly: toPlanPrice(p.monthly),
  yearly: toPlanPrice(p.yearly),
});

/** GET subscriptions/plans, in the server's order (cheapest first). */
export async function getPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  const { plans } = await apiClient.get('subscriptions/plans', (s) => s.plansResponse, { signal });
  return Object.values(plans).map(toSubscriptionPlan);
}

export function usePlans() {
  return useQuery({ queryKey: plansQueryKey, queryFn: ({ signal }) => getPlans(signal) });
}

import { apiClient } from '@/lib/api-client';
import type { PlanPrice, SubscriptionPlan } from '../types/catalogue';
import { DEFAULT_CURRENCY } from './get-packages';
import { listOf, numberOf, objectOf, stringOf } from './read-json';

function parsePrice(raw: unknown): PlanPrice | null {
  if (raw === null || raw === undefined) return null;
  const p = objectOf(raw);
  const amount = numberOf(p.price);
  if (amount === null) return null;
  return { price: { amount, currency: stringOf(p.currency) ?? DEFAULT_CURRENCY }, durationDays: numberOf(p.duration) };
}

export function parsePlans(raw: unknown): SubscriptionPlan[] {
  return listOf(objectOf(raw).plans).flatMap((item): SubscriptionPlan[] => {
    const p = objectOf(item);
    const id = stringOf(p.id) ?? stringOf(p.planId);
    if (!id) return [];
    return [
      {
        id,
        name: stringOf(p.name) ?? id,
        level: stringOf(p.levelType) ?? stringOf(p.level) ?? id,
        dailyCredits: numberOf(p.dailyCredits),
        features: Array.isArray(p.features) ? p.features.filter((f): f is string => typeof f === 'string') : [],
        monthly: parsePrice(p.monthly),
        yearly: parsePrice(p.yearly),
      },
    ];
  });
}

/** GET subscriptions/plans, in the server's order (cheapest first). */
export async function getPlans(signal?: AbortSignal): Promise<SubscriptionPlan[]> {
  return parsePlans(await apiClient.get<unknown>('subscriptions/plans', { signal }));
}

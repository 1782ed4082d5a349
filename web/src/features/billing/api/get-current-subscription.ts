import { apiClient } from '@/lib/api-client';
import type { BillingCycle } from '../types/catalogue';
import type { CurrentSubscription } from '../types/subscription';
import { numberOf, objectOf, stringOf } from './read-json';

const cycleOf = (value: unknown): BillingCycle | null => (value === 'monthly' || value === 'yearly' ? value : null);

/** Reads GET subscriptions/current, and the same view that subscribe, cancel and auto-renewal answer with. */
export function parseCurrentSubscription(raw: unknown): CurrentSubscription {
  const data = objectOf(raw);
  const sub = data.subscription === null || data.subscription === undefined ? null : objectOf(data.subscription);
  return {
    hasSubscription: data.hasSubscription === true && sub !== null,
    level: stringOf(data.level) ?? 'free',
    subscription: sub && {
      planId: stringOf(sub.planId),
      billingCycle: cycleOf(sub.billingCycle),
      expiresAt: stringOf(sub.expiresAt),
      daysRemaining: numberOf(sub.daysRemaining),
      autoRenewal: sub.autoRenewal === true,
      cancelAtPeriodEnd: sub.cancelAtPeriodEnd === true,
    },
  };
}

export async function getCurrentSubscription(signal?: AbortSignal): Promise<CurrentSubscription> {
  return parseCurrentSubscription(await apiClient.get<unknown>('subscriptions/current', { signal }));
}

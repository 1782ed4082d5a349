import { apiClient } from '@/lib/api-client';
import type { BillingCycle } from '../types/catalogue';
import type { CurrentSubscription } from '../types/subscription';

export interface SubscribeRequest {
  planId: string;
  billingCycle: BillingCycle;
  autoRenewal: boolean;
  /** Stripe's payment method id; with the demo processor, the test card number. */
  paymentMethodId?: string;
}

export type SubscribeResult =
  | { kind: 'active'; current: CurrentSubscription }
  /** The first payment needs the card's authentication step before the subscription starts. */
  | { kind: 'requires_action'; clientSecret: string; paymentIntentId: string | null };

/**
 * POST subscriptions/subscribe. A declined card is an ApiError with code CARD_DECLINED (402); a
 * subscription already active or waiting, or another subscribe running, a 409 with its code.
 * `idempotencyKey` names the purchase attempt, so a resent request charges the card once.
 */
export async function subscribe(request: SubscribeRequest, idempotencyKey: string): Promise<SubscribeResult> {
  const answer = await apiClient.post('subscriptions/subscribe', (s) => s.subscribeResponse, request, {
    headers: { 'Idempotency-Key': idempotencyKey },
  });
  if ('clientSecret' in answer)
    return { kind: 'requires_action', clientSecret: answer.clientSecret, paymentIntentId: answer.paymentIntentId ?? null };
  return { kind: 'active', current: answer };
}

import type { demoIntentResponse } from '@stockai/contracts';
import type { z } from 'zod';
import { apiClient } from '@/lib/api-client';

/** What the demo processor says of an intent after a card step (Stripe's intent statuses). */
export type DemoIntentStatus = z.infer<typeof demoIntentResponse>['status'];

/**
 * The demo processor's stand-in for Stripe.js: pays an intent with a test card. A declined
 * card is an ApiError with code CARD_DECLINED (402).
 */
export async function payWithDemoCard(input: {
  paymentIntentId: string;
  clientSecret: string;
  cardNumber: string;
}): Promise<DemoIntentStatus> {
  return (await apiClient.post('payments/demo/pay', (s) => s.demoIntentResponse, input)).status;
}

/** Completes the demo card's authentication step (3-D Secure) of an intent that requires it. */
export async function authenticateDemoPayment(input: { paymentIntentId: string; clientSecret: string }): Promise<DemoIntentStatus> {
  return (await apiClient.post('payments/demo/authenticate', (s) => s.demoIntentResponse, input)).status;
}

import { apiClient } from '@/lib/api-client';
import { objectOf, stringOf } from './read-json';

/** What the demo processor says of an intent after a card step (Stripe's intent statuses). */
export type DemoIntentStatus = 'succeeded' | 'requires_action' | 'requires_payment_method' | 'processing' | 'canceled';

const statusOf = (raw: unknown) => (stringOf(objectOf(raw).status) ?? 'processing') as DemoIntentStatus;

/**
 * The demo processor's stand-in for Stripe.js: pays an intent with a test card. A declined
 * card is an ApiError with code CARD_DECLINED (402).
 */
export async function payWithDemoCard(input: {
  paymentIntentId: string;
  clientSecret: string;
  cardNumber: string;
}): Promise<DemoIntentStatus> {
  return statusOf(await apiClient.post<unknown>('payments/demo/pay', input));
}

/** Completes the demo card's authentication step (3-D Secure) of an intent that requires it. */
export async function authenticateDemoPayment(input: { paymentIntentId: string; clientSecret: string }): Promise<DemoIntentStatus> {
  return statusOf(await apiClient.post<unknown>('payments/demo/authenticate', input));
}

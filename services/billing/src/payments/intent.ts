/** A card processor's payment intent, in the shape of Stripe's. */
export interface PaymentIntent {
  id: string;
  clientSecret: string;
  amount: number;
  currency: string;
  status: 'requires_payment_method' | 'requires_action' | 'processing' | 'succeeded' | 'canceled';
  lastError: string | null;
  metadata: Record<string, string>;
}

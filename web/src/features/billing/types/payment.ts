import type { Money } from './catalogue';

/** How the payments list shows a status; anything the server adds later reads as processing. */
export type PaymentStatus = 'completed' | 'failed' | 'canceled' | 'requires_action' | 'processing' | 'refunded' | 'disputed';

/** One row of GET users/payments. */
export interface PaymentRecord {
  id: string;
  date: string;
  type: string;
  /** The package's or plan's name when bought; null for an old payment of a package since deleted. */
  packageName: string | null;
  price: Money;
  status: PaymentStatus;
  providerPaymentId: string | null;
}

/** Which card processor the billing service uses; the web shows the matching card form. */
export interface PaymentConfig {
  processor: 'demo' | 'stripe';
  publishableKey: string | null;
}

/** A credit-package payment intent to pay with a card. */
export interface PackageIntent {
  paymentIntentId: string;
  clientSecret: string;
}

import { z } from 'zod';
import { creditBalance } from '../internal';

/** Billing's public answers as the web app reads them; prices are decimals with their currency. */

/** GET users/credits. */
export const creditsResponse = creditBalance.meta({ id: 'CreditBalance' });

export const creditPackage = z
  .object({
    type: z.string().min(1),
    name: z.string(),
    credits: z.number().int(),
    price: z.number(),
    currency: z.string(),
    popular: z.boolean(),
  })
  .meta({ id: 'CreditPackage' });
export type CreditPackageView = z.infer<typeof creditPackage>;

/** GET payments/packages: keyed by package type. */
export const packagesResponse = z.object({ success: z.literal(true), packages: z.record(z.string(), creditPackage) });

export const planPrice = z.object({ price: z.number(), currency: z.string(), duration: z.number().int() });

export const subscriptionPlan = z
  .object({
    id: z.string().min(1),
    name: z.string(),
    levelType: z.string(),
    dailyCredits: z.number().int(),
    features: z.array(z.string()),
    monthly: planPrice.nullable(),
    yearly: planPrice.nullable(),
  })
  .meta({ id: 'SubscriptionPlan' });
export type SubscriptionPlanView = z.infer<typeof subscriptionPlan>;

/** GET subscriptions/plans: keyed by plan id, cheapest first. */
export const plansResponse = z.object({ success: z.literal(true), plans: z.record(z.string(), subscriptionPlan) });

export const billingCycle = z.enum(['monthly', 'yearly']);

/** GET subscriptions/current, and what subscribe, cancel and auto-renewal answer with. */
export const currentSubscriptionResponse = z.object({
  hasSubscription: z.boolean(),
  level: z.string(),
  subscription: z
    .object({
      planId: z.string(),
      billingCycle,
      expiresAt: z.string(),
      daysRemaining: z.number().int(),
      autoRenewal: z.boolean(),
      cancelAtPeriodEnd: z.boolean(),
    })
    .nullable(),
});
export type CurrentSubscriptionResponse = z.infer<typeof currentSubscriptionResponse>;

/** POST subscriptions/subscribe when the card's authentication step is needed first. */
export const subscribeActionResponse = z.object({ clientSecret: z.string().min(1), paymentIntentId: z.string().nullable().optional() });

/** The shown statuses of a payment; every other (still open at the processor) is `processing`. */
export const paymentStatus = z.enum([
  'completed',
  'failed',
  'canceled',
  'requires_action',
  'refunded',
  'disputed',
  'processing',
  'abandoned',
]);
export type PaymentStatusView = z.infer<typeof paymentStatus>;

export const userPayment = z.object({
  id: z.string(),
  date: z.string(),
  type: z.string(),
  packageType: z.string().nullable(),
  /** The package's or plan's name when it was bought (kept after it is renamed or deleted); null for old payments of a package already gone. */
  packageName: z.string().nullable(),
  credits: z.number().int().nullable(),
  amount: z.number(),
  currency: z.string(),
  status: paymentStatus,
  providerPaymentId: z.string().nullable(),
});
export type UserPayment = z.infer<typeof userPayment>;

/** GET users/payments. */
export const userPaymentsResponse = z.object({
  success: z.literal(true),
  payments: z.array(userPayment),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** One change of the member's credits (GET users/credit-history); `reason` is an admin's, on their adjustments only. */
export const creditChange = z.object({
  type: z.enum(['admin_adjustment', 'purchase', 'analysis', 'refund', 'daily', 'correction']),
  credits: z.number().int(),
  paidDelta: z.number().int(),
  dailyDelta: z.number().int(),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type CreditChange = z.infer<typeof creditChange>;

/** GET users/credit-history, newest first. */
export const creditHistoryResponse = z.object({
  success: z.literal(true),
  entries: z.array(creditChange),
  page: z.number().int(),
  pages: z.number().int(),
  total: z.number().int(),
});

/** GET payments/config: which card form the web shows. */
export const paymentConfigResponse = z.object({ processor: z.enum(['demo', 'stripe']).nullable(), publishableKey: z.string().nullable() });

/** POST payments/create-payment-intent. */
export const paymentIntentResponse = z.object({
  paymentIntentId: z.string().min(1),
  clientSecret: z.string().min(1),
  amount: z.number(),
  currency: z.string(),
  credits: z.number().int(),
});

/** POST payments/confirm-payment. */
export const confirmPaymentResponse = z.object({ success: z.boolean(), status: z.string(), credits: creditBalance });

/** POST payments/demo/pay and payments/demo/authenticate: the demo processor's intent status. */
export const demoIntentResponse = z.object({
  paymentIntentId: z.string(),
  status: z.enum(['succeeded', 'requires_action', 'requires_payment_method', 'processing', 'canceled']),
});

import { z } from 'zod';

/** A price with its own currency (every catalogue price carries one). */
export const planPrice = z.object({ price: z.number(), currency: z.string(), duration: z.number().int() }).meta({ id: 'PlanPrice' });

export const creditPackage = z
  .object({
    type: z.string(),
    name: z.string(),
    credits: z.number().int().min(1),
    price: z.number(),
    currency: z.string(),
    popular: z.boolean(),
  })
  .meta({ id: 'CreditPackage' });
export type CreditPackage = z.infer<typeof creditPackage>;

/** GET payments/packages: the packages keyed by type. */
export const packagesResponse = z
  .object({ success: z.literal(true), packages: z.record(z.string(), creditPackage) })
  .meta({ id: 'PackagesResponse' });
export type PackagesResponse = z.infer<typeof packagesResponse>;

export const subscriptionPlan = z
  .object({
    id: z.string(),
    name: z.string(),
    levelType: z.string(),
    dailyCredits: z.number().int(),
    features: z.array(z.string()),
    monthly: planPrice.nullable(),
    yearly: planPrice.nullable(),
  })
  .meta({ id: 'SubscriptionPlan' });
export type SubscriptionPlan = z.infer<typeof subscriptionPlan>;

/** GET subscriptions/plans: the plans keyed by plan id. */
export const plansResponse = z
  .object({ success: z.literal(true), plans: z.record(z.string(), subscriptionPlan) })
  .meta({ id: 'PlansResponse' });

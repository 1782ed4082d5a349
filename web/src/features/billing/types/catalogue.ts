/** An amount of money in major units (78.5 = HK$78.50) with its ISO currency code. */
export interface Money {
  amount: number;
  currency: string;
}

/** A credit package, keyed by its type (basic, standard, premium, enterprise, ...). */
export interface CreditPackage {
  type: string;
  name: string;
  credits: number;
  price: Money;
  popular: boolean;
}

export type BillingCycle = 'monthly' | 'yearly';

export interface PlanPrice {
  price: Money;
  durationDays: number | null;
}

/** A subscription plan; `level` is the membership level it grants (free, vip, premium). */
export interface SubscriptionPlan {
  id: string;
  name: string;
  level: string;
  dailyCredits: number | null;
  features: string[];
  monthly: PlanPrice | null;
  yearly: PlanPrice | null;
}

import type { BillingCycle, Money, SubscriptionPlan } from '../types/catalogue';

/** A paid plan is offered only when it has a monthly or a yearly price above zero (spec section 5). */
export function isPaidPlan(plan: SubscriptionPlan): boolean {
  return (plan.monthly?.price.amount ?? 0) > 0 || (plan.yearly?.price.amount ?? 0) > 0;
}

/** The free plan: every price it has is zero (or it has none). */
export function isFreePlan(plan: SubscriptionPlan): boolean {
  return plan.level === 'free' || !isPaidPlan(plan);
}

export function priceFor(plan: SubscriptionPlan, cycle: BillingCycle): Money | null {
  return plan[cycle]?.price ?? null;
}

/**
 * What paying yearly saves: 12 × monthly − yearly, per year and per month (a twelfth); null when
 * the plan lacks either price, they differ in currency, or yearly is not cheaper.
 */
export function yearlySaving(plan: SubscriptionPlan): { perYear: Money; perMonth: Money } | null {
  const monthly = plan.monthly?.price;
  const yearly = plan.yearly?.price;
  if (!monthly || !yearly || monthly.currency !== yearly.currency) return null;
  const perYear = Math.round((12 * monthly.amount - yearly.amount) * 100) / 100;
  if (perYear <= 0) return null;
  return {
    perYear: { amount: perYear, currency: yearly.currency },
    perMonth: { amount: Math.round((perYear / 12) * 100) / 100, currency: yearly.currency },
  };
}

/** Yearly is the default cycle when any plan has a yearly price (spec section 5). */
export function defaultCycle(plans: readonly SubscriptionPlan[]): BillingCycle {
  return plans.some((plan) => plan.yearly) ? 'yearly' : 'monthly';
}

import type { CreditPackage, Money } from '../types/catalogue';

/** Packages of this many credits or more carry the good-value tag (spec section 2). */
export const GOOD_VALUE_MIN_CREDITS = 50;

/** The price of one credit in the package, rounded to cents as it is shown. */
export function pricePerCredit(pkg: CreditPackage): Money {
  return { amount: Math.round((pkg.price.amount / pkg.credits) * 100) / 100, currency: pkg.price.currency };
}

/**
 * Whole percent saved per credit against the first (smallest) package; null when there is
 * nothing saved or the two are priced in different currencies.
 */
export function savingsPercent(pkg: CreditPackage, first: CreditPackage | undefined): number | null {
  if (!first || first.price.currency !== pkg.price.currency) return null;
  const base = first.price.amount / first.credits;
  if (base <= 0) return null;
  const percent = Math.round((1 - pkg.price.amount / pkg.credits / base) * 100);
  return percent > 0 ? percent : null;
}

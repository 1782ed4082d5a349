/**
 * Money crosses the API as a decimal amount with its currency and is stored in integer minor
 * units (cents). Only two-decimal currencies are sold (CURRENCIES), so a minor unit is always
 * a hundredth: a zero-decimal currency such as JPY would be charged 100 times its price.
 */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);
export const fromMinorUnits = (minor: number): number => minor / 100;

/** True when `amount` has at most two decimals (the forms' step 0.01). */
export const hasCents = (amount: number): boolean => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/**
 * The currencies prices may be set in (all two-decimal at Stripe), with Stripe's minimum charge
 * in minor units (https://docs.stripe.com/currencies#minimum-and-maximum-charge-amounts): a
 * lower price could never be paid. TWD has no minimum listed there, so it keeps the admin
 * spec's floor of 0.01, as would any currency added without a known minimum.
 */
export const CURRENCIES: Record<string, number> = {
  HKD: 400,
  USD: 50,
  TWD: 1,
  EUR: 50,
  GBP: 30,
  AUD: 50,
  CAD: 50,
  SGD: 50,
  NZD: 50,
  CHF: 50,
};
export const CURRENCY_CODES = Object.keys(CURRENCIES);

/** The lowest price (minor units) that can be charged in `currency`. */
export const minimumCharge = (currency: string): number => Math.max(1, CURRENCIES[currency] ?? 1);

/** Sums in minor units per currency, shown as `[{ amount, currency }]` ordered by currency. */
export function perCurrency(rows: Array<{ currency: string; minor: number | string }>): Array<{ amount: number; currency: string }> {
  return rows
    .map((r) => ({ amount: fromMinorUnits(Number(r.minor)), currency: r.currency }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

/**
 * Money crosses the API as a decimal amount with its currency and is stored in integer minor
 * units (cents). Every currency the product sells in (HKD, USD, TWD as Stripe charges it) has
 * two decimals.
 */
export const toMinorUnits = (amount: number): number => Math.round(amount * 100);
export const fromMinorUnits = (minor: number): number => minor / 100;

/** True when `amount` has at most two decimals (the forms' step 0.01). */
export const hasCents = (amount: number): boolean => Math.abs(amount * 100 - Math.round(amount * 100)) < 1e-6;

/** Sums in minor units per currency, shown as `[{ amount, currency }]` ordered by currency. */
export function perCurrency(rows: Array<{ currency: string; minor: number | string }>): Array<{ amount: number; currency: string }> {
  return rows
    .map((r) => ({ amount: fromMinorUnits(Number(r.minor)), currency: r.currency }))
    .sort((a, b) => a.currency.localeCompare(b.currency));
}

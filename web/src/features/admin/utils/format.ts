/** Admin prices are in USD unless the price says otherwise (spec section 1); each shown in its own currency. */
export const DEFAULT_CURRENCY = 'USD';

export function formatMoney(amount: number, currency: string | null | undefined = DEFAULT_CURRENCY): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency || DEFAULT_CURRENCY }).format(amount);
}

/** Spec section 9: price per credit to 2 decimals. */
export function pricePerCredit(price: number, credits: number, currency: string): string {
  return credits > 0 ? `${formatMoney(price / credits, currency)} / credit` : '—';
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '—';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
}

/** Spec section 9: activity detail values are cut at 100 characters. */
export const DETAIL_MAX_LENGTH = 100;

export function cutDetail(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > DETAIL_MAX_LENGTH ? `${text.slice(0, DETAIL_MAX_LENGTH)}…` : text;
}

/** A whole number of at least 0 from a form field; anything else becomes 0 (spec section 5, member edit). */
export function wholeNumberOrZero(value: string): number {
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 ? number : 0;
}

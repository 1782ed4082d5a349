import type { Money } from '../types/catalogue';

/**
 * The spec shows HK$ in the purchase modal and TWD in the payments list; the server gives every
 * amount its own currency, so every amount is shown with that currency and never converted.
 */
const SYMBOLS: Record<string, string> = { HKD: 'HK$', USD: 'US$', TWD: 'NT$', CNY: 'CN¥', EUR: '€', GBP: '£', JPY: '¥', SGD: 'S$' };

const number = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** `HK$1,234.50`; a currency without a known symbol is written as its code: `AUD 12.00`. */
export function formatMoney({ amount, currency }: Money): string {
  const code = currency.toUpperCase();
  const symbol = SYMBOLS[code];
  return symbol ? `${symbol}${number.format(amount)}` : `${code} ${number.format(amount)}`;
}

import { formatDate } from '@/lib/format-date';

/**
 * How far a report's price is from the last price, in percent of the last price: +12.5 means
 * the target is 12.5 % above today's price (the price must rise that much to reach it). Null
 * without both prices.
 */
export function distanceFromPrice(price: number | null, target: number | null): number | null {
  if (price === null || target === null || !Number.isFinite(price) || !Number.isFinite(target) || price <= 0) return null;
  return (target / price - 1) * 100;
}

/** The currency a symbol is quoted in: Hong Kong listings in HKD, the rest (US) in USD. */
export const currencyOf = (symbol: string) => (symbol.endsWith('.HK') ? 'HKD' : 'USD');

/** The price's date as the data gives it: a day (`2026-11-27`) or only a month (`2026-11`). */
export function formatPriceDate(asOf: string | null): string | null {
  if (!asOf) return null;
  if (/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return formatDate(asOf);
  const month = /^(\d{4})-(\d{2})$/.exec(asOf);
  if (month) return `${month[1]}年${Number(month[2])}月`;
  return asOf;
}

export type AlertPriceCheck = { price: number } | { problem: 'required' | 'notPositive' };

/** The price typed for a price_above or price_below alert: a positive, finite number (commas allowed). */
export function parseAlertPrice(text: string): AlertPriceCheck {
  const trimmed = text.replace(/,/g, '').trim();
  if (trimmed === '') return { problem: 'required' };
  const price = Number(trimmed);
  if (!Number.isFinite(price) || price <= 0) return { problem: 'notPositive' };
  return { price };
}

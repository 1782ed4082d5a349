import { formatChineseCompact, formatPrice, LOCALE, MISSING, present } from '@/lib/format-number';

export { formatDate, formatDateTime } from '@/lib/format-date';
export { formatPercent, formatPrice, MISSING } from '@/lib/format-number';

/**
 * Number formatting of the report, in the zh-Hant locale; large figures in Hong Kong units
 * (USD 4.51 萬億, 145.9 億股). A missing figure shows as an em dash, never as 0.
 */

export function formatCompact(value: number | null | undefined, currency?: string): string {
  if (!present(value)) return MISSING;
  const number = formatChineseCompact(value);
  return currency ? `${currency} ${number}` : number;
}

/** A number of shares: `145.9 億股`. */
export function formatShares(value: number | null | undefined): string {
  return present(value) ? formatChineseCompact(value, '股') : MISSING;
}

export function formatNumber(value: number | null | undefined, digits = 2): string {
  if (!present(value)) return MISSING;
  return new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits }).format(value);
}

export function formatSignedPrice(value: number | null | undefined): string {
  if (!present(value)) return MISSING;
  const text = formatPrice(Math.abs(value));
  if (value > 0) return `+${text}`;
  return value < 0 ? `-${text}` : text;
}

/** up, down or flat, for colouring a change (green up, red down, as Hong Kong and US quotes do). */
export function trend(value: number | null | undefined): 'up' | 'down' | 'flat' {
  if (!present(value) || value === 0) return 'flat';
  return value > 0 ? 'up' : 'down';
}

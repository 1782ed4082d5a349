import { formatChineseCompact } from '@/lib/format-number';

export { formatDate, formatDateTime } from '@/lib/format-date';

/**
 * Number formatting of the report, in the zh-Hant locale; large figures in Hong Kong units
 * (USD 4.51 萬億, 145.9 億股). A missing figure shows as an em dash, never as 0.
 */
const LOCALE = 'zh-Hant';
export const MISSING = '—';

function present(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

export function formatPrice(value: number | null | undefined, currency?: string): string {
  if (!present(value)) return MISSING;
  const number = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return currency ? `${currency} ${number}` : number;
}

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

/** A value already in percent (12.5 → "12.50%"); signed shows + for gains. */
export function formatPercent(value: number | null | undefined, { signed = false, digits = 2 } = {}): string {
  if (!present(value)) return MISSING;
  const text = `${value.toFixed(digits)}%`;
  return signed && value > 0 ? `+${text}` : text;
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

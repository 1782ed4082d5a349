/**
 * How figures read in the report's Traditional Chinese text: per-share amounts with their
 * currency, large amounts in 萬 (10^4), 億 (10^8) or 萬億 (10^12), ratios as percentages.
 */
import { formatChineseUnits, groupDigits } from '../universe/sources/numbers';

/** Per-share amounts: 2 decimals, 3 below 1 (HK penny stocks trade in thousandths). */
export function roundPrice(value: number): number {
  const digits = Math.abs(value) < 1 ? 3 : 2;
  return Number(value.toFixed(digits));
}

export function round(value: number, digits = 1): number {
  return Number(value.toFixed(digits));
}

export function money(value: number | null, currency: string): string {
  return value === null ? '不詳' : `${currency} ${groupDigits(roundPrice(value))}`;
}

/** Large amounts in 萬 / 億 / 萬億, currency code first: "USD 4,668.2 億" (the same style as the data notes). */
export function bigMoney(value: number | null, currency: string): string {
  if (value === null) return '不詳';
  return Math.abs(value) >= 1e4 ? `${currency} ${formatChineseUnits(value)}` : `${currency} ${groupDigits(round(value, 0))}`;
}

/** A fraction as a percentage: 0.256 → "25.6%". */
export function percent(fraction: number | null, digits = 1): string {
  return fraction === null ? '不詳' : `${round(fraction * 100, digits)}%`;
}

export function times(value: number | null): string {
  return value === null ? '不詳' : `${round(value, 1)} 倍`;
}

/** Null-safe division: null when either side is unknown or the divisor is zero. */
export function ratio(numerator: number | null, denominator: number | null): number | null {
  if (numerator === null || denominator === null || denominator === 0) return null;
  return numerator / denominator;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

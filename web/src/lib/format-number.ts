/**
 * Large figures the way a Hong Kong reader writes them: 萬 (10⁴), 億 (10⁸) and 萬億 (10¹²), as
 * in "USD 4.51 萬億" or "145.9 億股". Intl's zh-Hant compact notation would write 兆 for 10¹²,
 * which is the Taiwan convention and reads as 10⁶ in some mainland usage, so the units are
 * chosen here instead.
 */
const UNITS = [
  { size: 1e12, name: '萬億' },
  { size: 1e8, name: '億' },
  { size: 1e4, name: '萬' },
] as const;

const DIGITS = new Intl.NumberFormat('zh-HK', { maximumFractionDigits: 2 });

/**
 * `4.51 萬億`, `145.9 億`, `3.2 萬`, `9,876`; `suffix` follows the unit (`145.9 億股`). Below
 * 10,000 the figure is written in full.
 */
export function formatChineseCompact(value: number, suffix = ''): string {
  const magnitude = Math.abs(value);
  const unit = UNITS.find(({ size }) => magnitude >= size);
  if (!unit) return `${DIGITS.format(value)}${suffix ? ` ${suffix}` : ''}`;
  const scaled = Number((value / unit.size).toFixed(2));
  // 9,999.999 萬 rounds to 10,000 萬, which is written 1 億.
  if (Math.abs(scaled) >= 1e4 && unit.size < 1e12) return formatChineseCompact(Math.sign(value) * unit.size * 1e4, suffix);
  return `${DIGITS.format(scaled)} ${unit.name}${suffix}`;
}

/** The web's number locale; a missing figure shows as an em dash, never as 0. */
export const LOCALE = 'zh-Hant';
export const MISSING = '—';

export function present(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/** A price with two decimals, after its currency when given: `HKD 1,234.50`. */
export function formatPrice(value: number | null | undefined, currency?: string): string {
  if (!present(value)) return MISSING;
  const number = new Intl.NumberFormat(LOCALE, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
  return currency ? `${currency} ${number}` : number;
}

/** A value already in percent (12.5 → "12.50%"); signed shows + for gains. */
export function formatPercent(value: number | null | undefined, { signed = false, digits = 2 } = {}): string {
  if (!present(value)) return MISSING;
  const text = `${value.toFixed(digits)}%`;
  return signed && value > 0 ? `+${text}` : text;
}

/** A number from a source cell; blank or unparsable cells are null (never zero). */
export function numberOrNull(cell: string | undefined): number | null {
  const text = (cell ?? '').trim().replace(/,/g, '');
  if (text === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/** "0.85%" → 0.0085. */
export function percentOrNull(cell: string | undefined): number | null {
  const text = (cell ?? '').trim();
  if (!text.endsWith('%')) return numberOrNull(text);
  const value = numberOrNull(text.slice(0, -1));
  return value === null ? null : Number((value / 100).toPrecision(12));
}

/** "CNY 1012055000000" → { currency: 'CNY', amount: 1012055000000 }; a bare number takes `fallback`. */
export function moneyOrNull(cell: string | undefined, fallback: string): { currency: string; amount: number } | null {
  const match = /^\s*([A-Z]{3})?\s*(-?[\d.,]+)\s*$/.exec(cell ?? '');
  if (!match?.[2]) return null;
  const amount = numberOrNull(match[2]);
  return amount === null ? null : { currency: match[1] ?? fallback, amount };
}

/** Collapses the line breaks and double spaces some names carry. */
export function cleanName(name: string | undefined): string {
  return (name ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * Thousands separators, as `toLocaleString('en-US', { maximumFractionDigits })` writes them,
 * with one formatter per precision made once: `toLocaleString` builds a new one on every call
 * (~0.1 ms), and a report writes a few hundred figures.
 */
const GROUPED = new Map<number, Intl.NumberFormat>();
export function groupDigits(value: number, maximumFractionDigits = 3): string {
  let format = GROUPED.get(maximumFractionDigits);
  if (!format) GROUPED.set(maximumFractionDigits, (format = new Intl.NumberFormat('en-US', { maximumFractionDigits })));
  return format.format(value);
}

/** The Hong Kong Chinese units large figures read in, largest first. */
const CHINESE_UNITS = [
  { unit: '萬億', size: 1e12, digits: 2 },
  { unit: '億', size: 1e8, digits: 1 },
  { unit: '萬', size: 1e4, digits: 1 },
] as const;

/**
 * A figure of 10,000 or more in Hong Kong Chinese units: 萬 (10⁴), 億 (10⁸), 萬億 (10¹²), with
 * thousands separators and trailing zeros dropped — 14_590_000_000 → "145.9 億",
 * 466_820_000_000 → "4,668.2 億", 1_234_000_000_000 → "1.23 萬億". Smaller figures keep the
 * digits a note needs (see formatFigure). Money reads "USD 4,668.2 億" (code first, as every
 * amount in the report does); shares "145.9 億股".
 */
export function formatChineseUnits(value: number): string {
  const abs = Math.abs(value);
  for (const { unit, size, digits } of CHINESE_UNITS) {
    // Rounded first, so 9,999.96 億 reads "1 萬億", never "10,000 億".
    const scaled = Number((abs / size).toFixed(digits));
    if (scaled >= 1) {
      const text = groupDigits(scaled, digits);
      return `${value < 0 ? '-' : ''}${text} ${unit}`;
    }
  }
  return formatFigure(value);
}

/** Figures with the precision a reader needs in a note: large ones in 萬/億/萬億, others to 4 significant digits (2 decimals from 100). */
export function formatFigure(value: number): string {
  const abs = Math.abs(value);
  if (Number((abs / 1e4).toFixed(1)) >= 1) return formatChineseUnits(value);
  return abs >= 100 ? value.toFixed(2) : value.toPrecision(4);
}

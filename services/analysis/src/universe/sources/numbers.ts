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

/** Figures with the precision a reader needs in a note (4 significant digits, at least 2 decimals). */
export function formatFigure(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${(value / 1e9).toFixed(2)}B`;
  if (abs >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  return abs >= 100 ? value.toFixed(2) : value.toPrecision(4);
}

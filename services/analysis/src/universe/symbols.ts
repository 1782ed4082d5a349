import type { Market } from '../market-data/types';

/**
 * One spelling per stock, Yahoo Finance's: Hong Kong codes as four digits or more with `.HK`
 * (`700`, `0700`, `00700`, `700.hk` → `0700.HK`), US share classes with a dash (`brk.b` →
 * `BRK-B`, `BRK B` → `BRK-B`), preferred series as `-P` and the letter (`BFH$A` → `BFH-PA`).
 * Full-width input (`７００`, `ＴＳＬＡ`) is folded to ASCII (NFKC). Trims and uppercases; anything else passes through uppercased, so an unknown symbol stays recognisable
 * in the 404 it gets.
 */
export function normaliseSymbol(input: string): string {
  // NFKC first: a Chinese keyboard types full-width letters and digits (ＴＳＬＡ, ７００).
  const spaced = input.normalize('NFKC').trim().toUpperCase();
  // A space between a ticker and its class letter is the class: "BRK B" → BRK-B.
  const symbol = spaced.replace(/^([A-Z]{1,5})\s+([A-Z])$/, '$1-$2').replace(/\s+/g, '');
  const hk = /^0*(\d{1,5})(?:\.HK)?$/.exec(symbol);
  if (hk?.[1]) return `${hk[1].padStart(4, '0')}.HK`;
  return symbol.replace(/\$(?=[A-Z]*$)/, '-P').replace(/[./](?=[A-Z]+$)/, '-');
}

/** The market of a normalised symbol. */
export function marketOf(symbol: string): Market {
  return symbol.endsWith('.HK') ? 'HK' : 'US';
}

/** `0700.HK` → 700: the integer stock code HKEX's own lists use. */
export function hkStockCode(symbol: string): number | null {
  const match = /^(\d+)\.HK$/.exec(symbol);
  return match?.[1] ? Number(match[1]) : null;
}

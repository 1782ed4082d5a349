import type { StockListing } from '../types/stock';

/**
 * The symbol as the stock list spells it, so `700.hk`, `00700` and `0700.HK` all find Tencent
 * and `brk.b` finds BRK-B (the analysis service normalises the same way). Anything else is only
 * uppercased (spec section 5).
 */
export function normaliseSymbol(input: string): string {
  const symbol = input.trim().toUpperCase();
  const hk = /^0*(\d{1,5})(\.HK)?$/.exec(symbol);
  if (hk?.[1]) return `${hk[1].padStart(4, '0')}.HK`;
  const usClass = /^([A-Z]{1,5})[./]([A-Z])$/.exec(symbol);
  if (usClass) return `${usClass[1]}-${usClass[2]}`;
  return symbol;
}

export const MAX_SUGGESTIONS = 8;

/**
 * Autocomplete: stocks whose symbol or name (English or Chinese) contains the typed text.
 * Symbols that start with it come first, so `AA` offers AAPL before BAAB.
 */
export function matchStocks(stocks: readonly StockListing[], typed: string, limit = MAX_SUGGESTIONS): StockListing[] {
  const text = typed.trim().toUpperCase();
  if (!text) return [];
  const normalised = normaliseSymbol(text);
  const starts: StockListing[] = [];
  const contains: StockListing[] = [];
  for (const stock of stocks) {
    if (stock.symbol.startsWith(text) || stock.symbol.startsWith(normalised)) {
      starts.push(stock);
    } else if (
      stock.symbol.includes(text) ||
      stock.name.toUpperCase().includes(text) ||
      (stock.nameZh !== null && stock.nameZh.includes(typed.trim()))
    ) {
      contains.push(stock);
    }
    if (starts.length >= limit) break;
  }
  return [...starts, ...contains].slice(0, limit);
}

/** Whether the symbol is in the list; an unavailable or empty list lets every symbol through (spec section 5). */
export function isKnownSymbol(stocks: readonly StockListing[] | null, symbol: string): boolean {
  if (!stocks || stocks.length === 0) return true;
  const normalised = normaliseSymbol(symbol);
  return stocks.some((stock) => stock.symbol === normalised);
}

/**
 * Whether the typed text is a whole listed symbol that no longer symbol continues: `AAPL` is,
 * while `A`, `AA` and `AAP` (each a listed symbol too) still lead on to others such as AAPL.
 */
export function isCompleteSymbol(stocks: readonly StockListing[] | null, typed: string): boolean {
  const text = typed.trim();
  if (!stocks || !text) return false;
  let listed = false;
  for (const { symbol } of stocks) {
    if (symbol === text) listed = true;
    else if (symbol.startsWith(text)) return false;
  }
  return listed;
}

import type { Stock } from './types';

/**
 * Stock search in memory: symbol or either name containing the text (case-insensitive), best
 * matches first — the exact symbol (also as normalised, so "700" finds 0700.HK), symbols
 * starting with it, names starting with it, then the rest; analysable stocks before the others
 * at each rank, then shorter symbols, then by symbol.
 *
 * The universe changes only when a load runs, and a search is typed one key at a time by every
 * visitor: as an ILIKE scan of the stocks table it cost ~150 ms on PGlite's single session, so
 * 200 people searching at once waited in line for seconds (bench/README.md, load suite). Held
 * in memory per load it costs about a millisecond and no database round trip.
 */
export function stockSearchIndex(stocks: Stock[]) {
  const bySymbol = new Map(stocks.map((stock) => [stock.symbol, stock]));
  const entries = stocks.map((stock) => ({
    stock,
    symbol: stock.symbol.toLowerCase(),
    name: stock.name.toLowerCase(),
    nameZh: stock.nameZh?.toLowerCase() ?? '',
  }));
  /** The stock of a normalised symbol; an analysis start's status check, with no round trip either. */
  const find = (normalised: string): Stock | null => bySymbol.get(normalised) ?? null;
  const search = (q: string, normalised: string, limit: number): Stock[] => {
    const text = q.toLowerCase();
    const ranked: Array<{ stock: Stock; rank: number }> = [];
    for (const e of entries) {
      const exact = e.stock.symbol === normalised || e.symbol === text;
      if (!exact && !e.symbol.includes(text) && !e.name.includes(text) && !e.nameZh.includes(text)) continue;
      const rank = exact ? 0 : e.symbol.startsWith(text) ? 1 : e.name.startsWith(text) || e.nameZh.startsWith(text) ? 2 : 3;
      ranked.push({ stock: e.stock, rank });
    }
    ranked.sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(a.stock.status !== 'active') - Number(b.stock.status !== 'active') ||
        a.stock.symbol.length - b.stock.symbol.length ||
        (a.stock.symbol < b.stock.symbol ? -1 : a.stock.symbol > b.stock.symbol ? 1 : 0),
    );
    return ranked.slice(0, limit).map((r) => r.stock);
  };
  return { find, search };
}

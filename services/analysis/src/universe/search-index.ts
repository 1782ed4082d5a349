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
 * in memory per load it costs no database round trip.
 */
/** Between the fields of one stock, and between stocks, in the searched text: no query matches across them. */
const FIELD = '\u0001';
const STOCK = '\u0002';

/** The order within a rank: analysable stocks first, then shorter symbols, then by symbol. */
function byTieBreak(a: Stock, b: Stock): number {
  return (
    Number(a.status !== 'active') - Number(b.status !== 'active') ||
    a.symbol.length - b.symbol.length ||
    (a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0)
  );
}

export function stockSearchIndex(stocks: Stock[]) {
  const bySymbol = new Map(stocks.map((stock) => [stock.symbol, stock]));
  // In tie-break order, so each rank's matches come out of the scan already ordered.
  const entries = [...stocks].sort(byTieBreak).map((stock) => ({
    stock,
    symbol: stock.symbol.toLowerCase(),
    name: stock.name.toLowerCase(),
    nameZh: stock.nameZh?.toLowerCase() ?? '',
  }));
  // One text for all stocks, searched with one indexOf per match instead of three includes per
  // stock (15,500 stocks: ~15 ms a search, and a search is sent at every key typed).
  const starts: number[] = [];
  let text = '';
  for (const e of entries) {
    starts.push(text.length);
    text += `${e.symbol}${FIELD}${e.name}${FIELD}${e.nameZh}${STOCK}`;
  }
  /** The entry whose text holds position `at` (the last start at or before it). */
  const entryAt = (at: number) => {
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((starts[mid] as number) <= at) low = mid;
      else high = mid - 1;
    }
    return low;
  };

  /** The stock of a normalised symbol; an analysis start's status check, with no round trip either. */
  const find = (normalised: string): Stock | null => bySymbol.get(normalised) ?? null;
  const search = (q: string, normalised: string, limit: number): Stock[] => {
    const query = q.toLowerCase();
    // Matches by rank: 0 the exact symbol, 1 symbols starting with the text, 2 names starting with it, 3 the rest.
    const ranks: Stock[][] = [[], [], [], []];
    const exact = bySymbol.get(normalised);
    if (exact) ranks[0]?.push(exact);
    if (query.length === 0 || query.includes(FIELD) || query.includes(STOCK)) return ranks[0]?.slice(0, limit) ?? [];
    for (let at = text.indexOf(query); at !== -1;) {
      const i = entryAt(at);
      const e = entries[i] as (typeof entries)[number];
      if (e.stock !== exact) {
        const rank =
          e.symbol === query ? 0 : e.symbol.startsWith(query) ? 1 : e.name.startsWith(query) || e.nameZh.startsWith(query) ? 2 : 3;
        const bucket = ranks[rank] as Stock[];
        if (bucket.length < limit) bucket.push(e.stock);
      }
      // One match a stock: go on from the next one.
      const next = starts[i + 1];
      at = next === undefined ? -1 : text.indexOf(query, next);
    }
    ranks[0]?.sort(byTieBreak); // the normalised symbol's stock and one spelled as typed may both be exact
    return ranks.flat().slice(0, limit);
  };
  return { find, search };
}

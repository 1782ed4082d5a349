import { parseBundle, readBundleFiles } from './bundle';
import { withChineseLabels } from './labels';
import { stockSearchIndex } from './search-index';
import { normaliseSymbol } from './symbols';
import type { Stock } from './types';

/**
 * The search, checked against its definition on the whole bundled universe (15,000+ stocks):
 * the plain way, every stock tested for the text in its symbol or either name, then sorted by
 * rank (exact symbol, symbol starting with the text, a name starting with it, the rest), then
 * analysable first, shorter symbols, symbol. The index must give the same stocks in the same
 * order for every query and limit.
 */
function searchByDefinition(stocks: Stock[], q: string, limit: number): Stock[] {
  const text = q.toLowerCase();
  const normalised = normaliseSymbol(q);
  const ranked: Array<{ stock: Stock; rank: number }> = [];
  for (const stock of stocks) {
    const [symbol, name, nameZh] = [stock.symbol.toLowerCase(), stock.name.toLowerCase(), stock.nameZh?.toLowerCase() ?? ''];
    const exact = stock.symbol === normalised || symbol === text;
    if (!exact && !symbol.includes(text) && !name.includes(text) && !nameZh.includes(text)) continue;
    const rank = exact ? 0 : symbol.startsWith(text) ? 1 : name.startsWith(text) || nameZh.startsWith(text) ? 2 : 3;
    ranked.push({ stock, rank });
  }
  ranked.sort(
    (a, b) =>
      a.rank - b.rank ||
      Number(a.stock.status !== 'active') - Number(b.stock.status !== 'active') ||
      a.stock.symbol.length - b.stock.symbol.length ||
      (a.stock.symbol < b.stock.symbol ? -1 : a.stock.symbol > b.stock.symbol ? 1 : 0),
  );
  return ranked.slice(0, limit).map((r) => r.stock);
}

describe('stockSearchIndex on the bundled universe', () => {
  const stocks: Stock[] = parseBundle(readBundleFiles()).listings.map((listing) => withChineseLabels({ ...listing }));
  const index = stockSearchIndex(stocks);
  const search = (q: string, limit = 20) => index.search(q, normaliseSymbol(q), limit).map((s) => s.symbol);
  const expected = (q: string, limit = 20) => searchByDefinition(stocks, q, limit).map((s) => s.symbol);

  // Queries drawn from the data itself (a fixed pseudo-random walk, so a failure is repeatable):
  // pieces of symbols and of English and Chinese names, in either case, and short common ones.
  let seed = 12345;
  const random = (n: number) => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed % n;
  };
  const piece = (text: string) => {
    const start = random(Math.max(1, text.length));
    return text.slice(start, start + 1 + random(6));
  };
  const queries = [
    ...['AP', 'ap', 'MS', 'TENCENT', '00', 'BANK', 'HK', 'AMZ', 'NV', '騰訊', 'GOOG', '700', '0700', '5', 'brk.b', 'BRK-B', 'a', '.hk'],
    ...Array.from({ length: 60 }, () => {
      const stock = stocks[random(stocks.length)] as Stock;
      const field = [stock.symbol, stock.name, stock.nameZh ?? stock.name][random(3)] as string;
      const text = piece(field).trim() || stock.symbol;
      return random(2) ? text.toUpperCase() : text.toLowerCase();
    }),
  ];

  it('holds the whole universe', () => {
    expect(stocks.length).toBeGreaterThan(10_000);
  });

  it(`finds what the definition finds, in the same order, for ${queries.length} queries`, () => {
    // Paired with its query, so a failure names it.
    expect(queries.map((q) => [q, search(q)])).toEqual(queries.map((q) => [q, expected(q)]));
  });

  it('keeps the order at every limit', () => {
    for (const q of ['ho', 'AP', '00', '銀行']) {
      for (const limit of [1, 3, 50, 500]) expect(search(q, limit)).toEqual(expected(q, limit));
    }
  });

  it('puts the stock of a normalised symbol first, even when the text as typed is in no symbol', () => {
    expect(search('700')[0]).toBe('0700.HK');
    const lookup = index.find('0700.HK');
    expect(lookup?.symbol).toBe('0700.HK');
    expect(index.find('NO-SUCH-SYMBOL')).toBeNull();
  });
});

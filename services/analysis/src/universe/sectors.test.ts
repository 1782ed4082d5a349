import { readFileSync } from 'node:fs';
import path from 'node:path';
import { industryText } from '../report/industries';
import { sectorText } from '../report/labels';
import { BUNDLED_MARKET_DATA, COMPILED_FILES, parseBundle, PEER_FILES, readBundleFiles } from './bundle';
import { parseCsv } from './csv';
import { withChineseLabels } from './labels';
import { YAHOO_SECTOR_OF_GICS } from './sources/financedatabase';

/**
 * The bundled Hong Kong classification, recomputed here from the CSV files themselves: each
 * HK listing takes its sector and industry from its fundamentals row, else from
 * FinanceDatabase's row of the same code; and every name the bundled files use reaches the
 * reader in Traditional Chinese.
 */
describe('Hong Kong sectors and industries from the bundled files', () => {
  const bundle = parseBundle(readBundleFiles());
  const hk = bundle.listings.filter((l) => l.market === 'HK');
  const csv = (file: string) => parseCsv(readFileSync(path.join(BUNDLED_MARKET_DATA, file), 'utf8'));
  const code = (symbol: string) => Number(symbol.replace(/\.HK$/, ''));
  // One row per code; a code spelled twice ("0924.HK" and "924.HK") keeps the row with a sector.
  const financeDatabase = new Map<number, Record<string, string>>();
  for (const row of csv('hk/financedatabase-hkg.csv')) {
    if (!financeDatabase.get(code(row.symbol ?? ''))?.sector) financeDatabase.set(code(row.symbol ?? ''), row);
  }
  const fundamentals = new Map(csv('hk/hk-fundamentals.csv').map((r) => [code(r.symbol ?? ''), r]));
  // The statistics pages of the constituents and of the peers outside the index (hk-peers-compiled-2026).
  const compiled = new Map([...csv(COMPILED_FILES.snapshot), ...csv(PEER_FILES.snapshot)].map((r) => [code(r.symbol ?? ''), r]));

  it('classifies each listing from its fundamentals row, else its compiled statistics page (named in Chinese), else FinanceDatabase', () => {
    let fromFinanceDatabase = 0;
    let fromCompiled = 0;
    for (const listing of hk) {
      const own = fundamentals.get(code(listing.symbol));
      const page = compiled.get(code(listing.symbol));
      const other = financeDatabase.get(code(listing.symbol));
      const pageSector = page?.sector && sectorText(page.sector) ? page.sector : null;
      const expected = own?.sector
        ? { sector: own.sector, industry: own.industry || null }
        : pageSector
          ? {
              sector: pageSector,
              industry: (page?.industry && industryText(page.industry) ? page.industry : null) ?? (other?.industry || null),
            }
          : { sector: other?.sector ? (YAHOO_SECTOR_OF_GICS[other.sector] ?? other.sector) : null, industry: other?.industry || null };
      if (!own?.sector && pageSector) fromCompiled++;
      expect({ symbol: listing.symbol, sector: listing.sector, industry: listing.industry }).toEqual({
        symbol: listing.symbol,
        ...expected,
      });
      if (!own?.sector && other?.sector) fromFinanceDatabase++;
    }
    // FinanceDatabase classifies far more than the 31 rows with figures (the figure is in SOURCES.md).
    expect(fromFinanceDatabase).toBeGreaterThan(1000);
    expect(fromCompiled).toBeGreaterThan(40);
  });

  it('adds no listing of its own: every HK listing is in HKEX list, the index list or the fundamentals file', () => {
    const hkex = new Set(
      (JSON.parse(readFileSync(path.join(BUNDLED_MARKET_DATA, 'hk/hkex-listed-companies.json'), 'utf8')) as { symbol: number }[]).map(
        (c) => c.symbol,
      ),
    );
    const hsi = new Set(csv('hk/hsi-constituents.csv').map((r) => code(r.Symbol ?? '')));
    const elsewhere = hk.filter((l) => !hkex.has(code(l.symbol)) && !hsi.has(code(l.symbol)) && !fundamentals.has(code(l.symbol)));
    expect(elsewhere.map((l) => l.symbol)).toEqual([]);
    expect([...financeDatabase.keys()].some((c) => !hkex.has(c))).toBe(true);
  });

  it('has a Traditional Chinese name for every sector and industry the bundled files use', () => {
    const used = bundle.listings.filter((l) => l.sector !== 'ETF');
    const untranslatedSectors = new Set(used.map((l) => l.sector).filter((s) => s !== null && sectorText(s) === null));
    const untranslatedIndustries = new Set(used.map((l) => l.industry).filter((i) => i !== null && industryText(i) === null));
    expect([...untranslatedSectors]).toEqual([]);
    expect([...untranslatedIndustries]).toEqual([]);
  });

  it('answers the Chinese names beside the English ones', () => {
    const smallCap = hk.find((l) => l.industry === 'Construction & Engineering' && !fundamentals.has(code(l.symbol)));
    expect(smallCap).toBeDefined();
    expect(withChineseLabels(smallCap!)).toMatchObject({ sectorZh: '工業', industryZh: '建造及工程' });
  });
});

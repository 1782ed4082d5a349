import { parseCsv } from '../csv';
import { normaliseSymbol } from '../symbols';
import { cleanName } from './numbers';

/** What FinanceDatabase says about one Hong Kong listing: its sector (in the Yahoo-style names), its GICS-style industry, and its English name. */
export interface SectorFacts {
  sector: string | null;
  industry: string | null;
  name: string | null;
}

/**
 * GICS sector names as FinanceDatabase spells them, in the Yahoo-style names of the compiled Hong
 * Kong statements and the fundamentals file. Peers are drawn from the same sector by its name, so
 * a company classified here ("Health Care") and one from the compiled pages ("Healthcare") must
 * name it alike, or each stands alone in its sector. Both names have the same Chinese label.
 */
export const YAHOO_SECTOR_OF_GICS: Record<string, string> = {
  'Consumer Discretionary': 'Consumer Cyclical',
  'Consumer Staples': 'Consumer Defensive',
  Financials: 'Financial Services',
  'Health Care': 'Healthcare',
  'Information Technology': 'Technology',
  Materials: 'Basic Materials',
};

/**
 * FinanceDatabase's Hong Kong equities (hk/financedatabase-hkg.csv, JerBouma/FinanceDatabase,
 * MIT): sector and industry by symbol, read by column name so a newer file with more columns
 * loads the same. Blank cells stay null. A symbol listed twice after normalising (the file
 * spells some codes without the leading zero, e.g. "924.HK") keeps the row that has a sector.
 *
 * Only the classification is taken. The file's `delisted` flag and its listings are not: the
 * HKEX list is the authority on what is listed (329 of its codes are absent from the HKEX list
 * of 2026-01-27, mostly companies delisted or privatised since), so this file enriches the
 * universe and never adds a symbol to it.
 */
export function readFinanceDatabase(text: string): Map<string, SectorFacts> {
  const bySymbol = new Map<string, SectorFacts>();
  for (const row of parseCsv(text)) {
    const symbol = normaliseSymbol(row.symbol ?? '');
    if (!symbol) continue;
    const sector = cleanName(row.sector) || null;
    const facts: SectorFacts = {
      sector: sector === null ? null : (YAHOO_SECTOR_OF_GICS[sector] ?? sector),
      industry: cleanName(row.industry) || null,
      name: cleanName(row.name) || null,
    };
    if (!bySymbol.get(symbol)?.sector) bySymbol.set(symbol, facts);
  }
  return bySymbol;
}

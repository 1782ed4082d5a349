import { classifyListing, type FinancialStatus, type ListingFacts } from '../classify';
import { parseCsv } from '../csv';
import { normaliseSymbol } from '../symbols';
import type { Fundamentals, ListingRecord } from '../types';
import { cleanName, formatFigure, numberOrNull } from './numbers';

/** The US files' text and dates, as bundled under data/market/us. */
export interface UsFiles {
  nasdaqListed: string;
  otherListed: string;
  sp500: string;
  sp500Financials: string;
  nasdaq100: string;
  /** ISO dates of the files (manifest.json); the Nasdaq file's own creation time wins when present. */
  asOf: { nasdaqListed: string; otherListed: string; sp500Financials: string };
}

interface ExchangeListing {
  name: string;
  securityName: string;
  exchange: string;
  etf: boolean;
  testIssue: boolean;
  financialStatus: FinancialStatus | null;
}

const OTHER_EXCHANGES: Record<string, string> = { N: 'NYSE', A: 'NYSE American', P: 'NYSE Arca', Z: 'Cboe BZX' };
const SP500_FINANCIALS_SOURCE = 'us/sp500-constituents-financials.csv（datasets/s-and-p-500-companies-financials，數值源自 Yahoo Finance）';

/** "File Creation Time: 0731202621:31" → 2026-07-31. */
export function nasdaqFileDate(text: string): string | null {
  const match = /File Creation Time:\s*(\d{2})(\d{2})(\d{4})/.exec(text);
  return match ? `${match[3]}-${match[1]}-${match[2]}` : null;
}

/** NYSE-style names repeat the security ("Agilent Technologies, Inc. Common Stock"); the company is the part before. */
function companyName(name: string): string {
  return cleanName(name).replace(/\s+(Class [A-Z]\s+)?(New\s+)?(Common Stock|Common Shares|Ordinary Shares)\s*$/i, '') || cleanName(name);
}

function financialStatusOf(cell: string | undefined): FinancialStatus | null {
  return cell === 'N' || cell === 'D' || cell === 'E' || cell === 'H' ? cell : null;
}

/** Every symbol of the exchange files (Nasdaq; NYSE, NYSE American, NYSE Arca, Cboe), normalised. */
export function readExchangeListings(files: Pick<UsFiles, 'nasdaqListed' | 'otherListed'>): Map<string, ExchangeListing> {
  const listings = new Map<string, ExchangeListing>();
  for (const row of parseCsv(files.nasdaqListed)) {
    if (!row.Symbol || row.Symbol.startsWith('File Creation Time')) continue;
    listings.set(normaliseSymbol(row.Symbol), {
      name: cleanName(row['Company Name']) || cleanName(row['Security Name']),
      securityName: cleanName(row['Security Name']),
      exchange: 'NASDAQ',
      etf: row.ETF === 'Y',
      testIssue: row['Test Issue'] === 'Y',
      financialStatus: financialStatusOf(row['Financial Status']),
    });
  }
  for (const row of parseCsv(files.otherListed)) {
    const symbol = row['ACT Symbol'];
    if (!symbol) continue;
    listings.set(normaliseSymbol(symbol), {
      name: companyName(row['Company Name'] ?? ''),
      securityName: cleanName(row['Security Name']),
      exchange: OTHER_EXCHANGES[row.Exchange ?? ''] ?? row.Exchange ?? 'NYSE',
      etf: row.ETF === 'Y',
      testIssue: row['Test Issue'] === 'Y',
      financialStatus: null,
    });
  }
  return listings;
}

/**
 * The S&P 500 financials row as bundled figures in USD. Derives what the file allows, as its
 * README says, and records each derivation: book value per share = price ÷ (P/B), shares ≈
 * market cap ÷ price, revenue ≈ market cap ÷ (P/S), dividend per share = price × yield.
 * The file has no free cash flow, debt, cash or beta: those stay null.
 */
export function readSp500Financials(row: Record<string, string>, asOf: string): Fundamentals {
  const price = numberOrNull(row.Price);
  const marketCap = numberOrNull(row['Market Cap']);
  const priceToBook = numberOrNull(row['Price/Book']);
  const priceToSales = numberOrNull(row['Price/Sales']);
  const dividendYield = numberOrNull(row['Dividend Yield']);
  const notes = [`資料來源：S&P 500 成份股財務數據（數值源自 Yahoo Finance），截至 ${asOf}；沒有自由現金流、負債、現金及 Beta。`];

  const derive = (ok: boolean, value: () => number, note: (v: number) => string): number | null => {
    if (!ok) return null;
    const v = value();
    notes.push(note(v));
    return v;
  };
  const bookValuePerShare = derive(
    price !== null && !!priceToBook,
    () => price! / priceToBook!,
    (v) =>
      `每股帳面值由股價 ÷ 市帳率推算：${formatFigure(price!)} ÷ ${formatFigure(priceToBook!)} = ${formatFigure(v)}${v < 0 ? '（負數表示股東權益為負）' : ''}。`,
  );
  const sharesOutstanding = derive(
    price !== null && price > 0 && marketCap !== null,
    () => marketCap! / price!,
    (v) => `流通股數由市值 ÷ 股價推算，約 ${formatFigure(v)}股。`,
  );
  const revenue = derive(
    marketCap !== null && !!priceToSales,
    () => marketCap! / priceToSales!,
    (v) => `營業額由市值 ÷ 市銷率推算，約 USD ${formatFigure(v)}。`,
  );
  const dividendPerShare = derive(
    price !== null && dividendYield !== null,
    () => price! * dividendYield!,
    (v) => `每股股息由股價 × 股息率推算：USD ${formatFigure(v)}。`,
  );

  return {
    symbol: normaliseSymbol(row.Symbol ?? ''),
    currency: 'USD',
    reportingCurrency: 'USD',
    price,
    marketCap,
    sharesOutstanding,
    peRatio: numberOrNull(row['Price/Earnings']),
    eps: numberOrNull(row['Earnings/Share']),
    dividendPerShare,
    dividendYield,
    high52Week: numberOrNull(row['52 Week High']),
    low52Week: numberOrNull(row['52 Week Low']),
    bookValuePerShare,
    priceToBook,
    priceToSales,
    revenue,
    netIncome: null,
    freeCashFlow: null,
    ebitda: numberOrNull(row.EBITDA),
    totalDebt: null,
    cash: null,
    beta: null,
    asOf,
    source: SP500_FINANCIALS_SOURCE,
    notes,
  };
}

/**
 * The US side of the universe: every symbol of the exchange files, the S&P 500 and its
 * financials file, and the Nasdaq-100. A symbol is listed when an exchange file holds it; one
 * known only from the index files is not (it has left the exchange lists since).
 */
export function readUsUniverse(files: UsFiles): { listings: ListingRecord[]; fundamentals: Fundamentals[] } {
  const exchange = readExchangeListings(files);
  const sp500 = new Map(parseCsv(files.sp500).map((r) => [normaliseSymbol(r.Symbol ?? ''), r]));
  const financialRows = parseCsv(files.sp500Financials).filter((r) => r.Symbol);
  const financials = new Map(financialRows.map((r) => [normaliseSymbol(r.Symbol ?? ''), r]));
  const nasdaq100 = new Map(parseCsv(files.nasdaq100).map((r) => [normaliseSymbol(r.Symbol ?? ''), r]));
  // The financials file names the GICS sub-industry only; the constituents file maps it to a sector.
  const sectorOfSubIndustry = new Map([...sp500.values()].map((r) => [r['GICS Sub-Industry'], r['GICS Sector']]));
  const nasdaqAsOf = nasdaqFileDate(files.nasdaqListed) ?? files.asOf.nasdaqListed;
  const listSource = `Nasdaq ${nasdaqAsOf}；NYSE、NYSE American、NYSE Arca、Cboe ${files.asOf.otherListed}`;

  // A row refreshed by data:refresh carries its own date (`As Of`); the others are as of the file's.
  const fundamentals = financialRows.map((r) => readSp500Financials(r, r['As Of']?.trim() || files.asOf.sp500Financials));
  const fundamentalsBySymbol = new Map(fundamentals.map((f) => [f.symbol, f]));
  const symbols = new Set([...exchange.keys(), ...sp500.keys(), ...financials.keys(), ...nasdaq100.keys()]);

  const listings: ListingRecord[] = [];
  for (const symbol of symbols) {
    if (!symbol) continue;
    const listing = exchange.get(symbol);
    const index = sp500.get(symbol);
    const financial = financials.get(symbol);
    const figures = fundamentalsBySymbol.get(symbol);
    const subIndustry = index?.['GICS Sub-Industry'] || financial?.Sector || null;
    const sector = index?.['GICS Sector'] || (subIndustry ? sectorOfSubIndustry.get(subIndustry) : undefined) || null;
    const name = cleanName(index?.Security || financial?.Name || nasdaq100.get(symbol)?.Name || listing?.name || symbol);
    const facts: ListingFacts = {
      market: 'US',
      name,
      securityName: listing?.securityName ?? null,
      listed: listing !== undefined,
      listSource,
      delisted: null,
      suspended: false,
      testIssue: listing?.testIssue ?? false,
      etf: listing?.etf ?? false,
      company: null,
      sector,
      industry: subIndustry,
      financialStatus: listing?.financialStatus ?? null,
      price: figures?.price ?? null,
      currency: 'USD',
      eps: figures?.eps ?? null,
      netIncome: null,
    };
    listings.push({
      symbol,
      name,
      nameZh: null,
      market: 'US',
      exchange: listing?.exchange ?? null,
      sector,
      industry: subIndustry,
      ...classifyListing(facts),
      facts,
      sources: [
        listing && (listing.exchange === 'NASDAQ' ? 'us/nasdaq-listed-symbols.csv' : 'us/other-listed.csv'),
        index && 'us/sp500-constituents.csv',
        financial && 'us/sp500-constituents-financials.csv',
        nasdaq100.has(symbol) && 'us/nasdaq100-constituents.csv',
      ].filter((s): s is string => typeof s === 'string'),
    });
  }
  return { listings, fundamentals };
}

import { classifyListing, type ListingFacts } from '../classify';
import { parseCsv } from '../csv';
import { describeRate, type FxTable } from '../fx';
import { normaliseSymbol } from '../symbols';
import type { Fundamentals, ListingRecord } from '../types';
import { industryText } from '../../report/industries';
import { sectorText } from '../../report/labels';
import type { CheckResult } from '../validate';
import { readFinanceDatabase } from './financedatabase';
import { buildCompany, COMPILED_FOLDER, type CompiledFiles, pagePrice, readCompiled } from './hk-compiled';
import { type HkPriceFiles, readHkPrices } from './hk-prices';
import { cleanName, formatFigure, moneyOrNull, numberOrNull, percentOrNull } from './numbers';

/** The Hong Kong files' text, as bundled under data/market/hk. */
export interface HkFiles {
  hkexListedCompanies: string;
  hsiConstituents: string;
  fundamentals: string;
  fundamentalsNotes: string;
  /** FinanceDatabase's HK equities: the sector and industry of the listings the other files do not classify. */
  financeDatabase: string;
  /** The Hang Seng statements compiled in 2026 (absent: the fundamentals rows alone). */
  compiled?: CompiledFiles | null;
  /** The daily and weekly bars of the Hang Seng constituents (absent: the rows' own prices). */
  prices?: HkPriceFiles | null;
  /**
   * Listed companies outside the index compiled the same way as their peers (hk-peers-compiled-2026):
   * no daily bars, so each is priced at its statistics page's dated price.
   */
  peers?: CompiledFiles | null;
  asOf: { hkexListedCompanies: string };
}

interface HkexCompany {
  symbol: number;
  engName: string;
  zhName: string;
}

/** What the derived_fields column says was computed, in words for the report. */
const DERIVED_FIELDS: Record<string, string> = {
  'eps_ttm=price/PE': '每股盈利（TTM）由股價 ÷ 市盈率推算（來源註明）。',
  'book_value_per_share=price/PB': '每股帳面值由股價 ÷ 市帳率推算（來源註明）。',
  'shares_outstanding=market_cap/price': '流通股數由市值 ÷ 股價推算（來源註明）。',
};

/**
 * The notes file's columns written for readers, in Traditional Chinese, in the order the
 * report lists them: the period of revenue and of net income, what the share count covers,
 * and the row's caveats. Their English counterparts (revenue_period, net_income_period,
 * shares_note, notes) are the compiler's research notes: they stay in the figures' `source`
 * (provenance), never in the notes a reader sees.
 */
const READER_NOTES = ['revenue_period_zh', 'net_income_period_zh', 'shares_note_zh', 'notes_zh'] as const;

/** The research notes kept as they were written, for provenance only. */
const SOURCE_NOTES = [
  'pb_as_of',
  'shares_note',
  'eps_note',
  'dps_note',
  'bvps_note',
  'revenue_period',
  'net_income_period',
  'fcf_cash_debt_period',
  'notes',
] as const;

/** Where a row's figures come from: the file, the pages it cites, and (marked 資料來源備註) the raw research notes. */
function sourceOf(row: Record<string, string>, notesRow: Record<string, string> | undefined): string {
  const raw = SOURCE_NOTES.map((column) => [column, notesRow?.[column]?.trim()] as const)
    .filter(([, value]) => value)
    .map(([column, value]) => `${column}: ${value}`);
  return `hk/hk-fundamentals.csv: ${row.source_url ?? ''}${raw.length ? `；資料來源備註（原文）：${raw.join('; ')}` : ''}`;
}

/** "DELISTED: ... last trading day 2026-01-14; ..." in the notes column. */
function delistingOf(note: string): { lastTradingDay: string | null } | null {
  if (!/^\s*DELISTED\b/i.test(note)) return null;
  return { lastTradingDay: /last trading day (\d{4}-\d{2}-\d{2})/i.exec(note)?.[1] ?? null };
}

/** The ISO date (or year-month) at the start of an as_of cell such as "2025-12 (approx.)". */
export function isoDateOf(cell: string | undefined): string | null {
  return /^\s*(\d{4}-\d{2}(?:-\d{2})?)/.exec(cell ?? '')?.[1] ?? null;
}

/**
 * One row of hk-fundamentals.csv (with its notes row) as bundled figures in the trading
 * currency. Amounts written "CUR number" in another currency are converted with the bundled
 * FX table at the latest rate on or before the row's price date, and the note says at which
 * rate. Book value per share and shares are derived from P/B and market cap where the row
 * lacks them; each derivation is noted. Blank stays null.
 */
export function readHkFundamentals(row: Record<string, string>, notesRow: Record<string, string> | undefined, fx: FxTable): Fundamentals {
  const currency = row.currency_trading || 'HKD';
  const asOf = isoDateOf(row.as_of);
  const approximate = asOf !== null && asOf !== row.as_of?.trim();
  // "2025-12 (approx.)": the source gives no exact date.
  const quoteDate = asOf === null ? '報價日期不詳' : approximate ? `報價日期約為 ${asOf}（來源沒有確切日期）` : `報價日期 ${asOf}`;
  const notes: string[] = [
    `資料來源：公開報價及統計頁面整理（${(row.source_url ?? '').split(' | ').filter((url) => url.trim()).length} 個來源），${quoteDate}；其他欄位可能較舊。`,
  ];
  const conversions = new Set<string>();

  const money = (cell: string | undefined): number | null => {
    const value = moneyOrNull(cell, currency);
    if (!value) return null;
    if (value.currency === currency) return value.amount;
    const rate = fx.rate(value.currency, currency, asOf);
    if (!rate) {
      notes.push(`有一項以 ${value.currency} 列示的數字因沒有匯率而未採用。`);
      return null;
    }
    conversions.add(`以 ${value.currency} 列示的數字已按 ${describeRate(rate)} 換算為 ${currency}。`);
    return value.amount * rate.rate;
  };

  const price = numberOrNull(row.price);
  const marketCap = numberOrNull(row.market_cap);
  const priceToBook = numberOrNull(notesRow?.pb);
  let bookValuePerShare = money(row.book_value_per_share);
  let sharesOutstanding = numberOrNull(row.shares_outstanding);
  if (bookValuePerShare === null && price !== null && priceToBook) {
    bookValuePerShare = price / priceToBook;
    notes.push(
      `每股帳面值由股價 ÷ 市帳率推算：${formatFigure(price)} ÷ ${formatFigure(priceToBook)} = ${formatFigure(bookValuePerShare)}。`,
    );
  }
  if (sharesOutstanding === null && price && marketCap !== null) {
    sharesOutstanding = marketCap / price;
    notes.push(`流通股數由市值 ÷ 股價推算，約 ${formatFigure(sharesOutstanding)}股。`);
  }
  for (const field of (notesRow?.derived_fields ?? '').split(';').map((f) => f.trim())) {
    const note = DERIVED_FIELDS[field];
    if (note) notes.push(note);
  }

  const figures: Fundamentals = {
    symbol: normaliseSymbol(row.symbol ?? ''),
    currency,
    reportingCurrency: row.currency_reporting || null,
    price,
    marketCap,
    sharesOutstanding,
    peRatio: numberOrNull(row.pe_ttm),
    eps: money(row.eps_ttm),
    dividendPerShare: numberOrNull(row.dividend_per_share),
    dividendYield: percentOrNull(row.dividend_yield),
    high52Week: numberOrNull(row.high_52w),
    low52Week: numberOrNull(row.low_52w),
    bookValuePerShare,
    priceToBook,
    priceToSales: null,
    revenue: money(row.revenue),
    netIncome: money(row.net_income),
    freeCashFlow: money(row.free_cash_flow),
    ebitda: null,
    totalDebt: money(row.total_debt),
    cash: money(row.cash),
    beta: numberOrNull(row.beta),
    asOf,
    source: sourceOf(row, notesRow),
    notes,
  };
  notes.push(...conversions);
  for (const column of READER_NOTES) {
    const note = notesRow?.[column]?.trim();
    if (note) notes.push(note);
  }
  return figures;
}

/**
 * The Hong Kong side of the universe: HKEX's list of listed companies, the Hang Seng Index
 * members and the fundamentals file. HKEX's list holds companies only, so a code found
 * elsewhere but not there is a non-company product (a REIT, an ETF, another trust); a
 * delisting is taken from the notes file, which records it.
 *
 * Sector and industry: the fundamentals row's where it has one (its figures were compiled with
 * it, and the peers with figures all use its Yahoo-style names), else FinanceDatabase's
 * GICS-style ones, so a small cap outside the fundamentals file is classified too.
 */
export function readHkUniverse(
  files: HkFiles,
  fx: FxTable,
): { listings: ListingRecord[]; fundamentals: Fundamentals[]; checks: CheckResult[] } {
  const hkex = new Map((JSON.parse(files.hkexListedCompanies) as HkexCompany[]).map((c) => [normaliseSymbol(String(c.symbol)), c]));
  const hsi = new Map(parseCsv(files.hsiConstituents).map((r) => [normaliseSymbol(r.Symbol ?? ''), r]));
  const notesRows = new Map(parseCsv(files.fundamentalsNotes).map((r) => [normaliseSymbol(r.symbol ?? ''), r]));
  const rows = new Map(parseCsv(files.fundamentals).map((r) => [normaliseSymbol(r.symbol ?? ''), r]));
  const fundamentalsBySymbol = new Map(
    [...rows.entries()].map(([symbol, row]) => [symbol, readHkFundamentals(row, notesRows.get(symbol), fx)] as const),
  );
  const sectors = readFinanceDatabase(files.financeDatabase);

  // The compiled statements and the daily bars, checked company by company: a company that passes
  // gets figures built from them (its older row's figures become candidates); one that fails has none.
  const compiled = files.compiled ? readCompiled(files.compiled) : new Map();
  const prices = files.prices ? readHkPrices(files.prices) : new Map();
  const checks: CheckResult[] = [];
  const rejected = new Map<string, string>();
  for (const symbol of new Set([...compiled.keys(), ...rows.keys()])) {
    const older = fundamentalsBySymbol.get(symbol);
    const built = buildCompany(
      compiled.get(symbol) ?? null,
      older ? { figures: older, row: rows.get(symbol)!, notes: notesRows.get(symbol) } : null,
      prices.get(symbol) ?? null,
      fx,
    );
    if (!built) continue;
    checks.push(built.check);
    if (built.figures) fundamentalsBySymbol.set(symbol, built.figures);
    else {
      fundamentalsBySymbol.delete(symbol);
      rejected.set(symbol, built.check.reason!);
    }
  }
  // The peers outside the index: the same checks, priced on their page's date (a constituent's bars win where both exist).
  const peers = files.peers ? readCompiled(files.peers) : new Map();
  for (const [symbol, company] of peers) {
    if (compiled.has(symbol) || rows.has(symbol)) continue;
    const built = buildCompany(company, null, pagePrice(company), fx, COMPILED_FOLDER.peers);
    if (!built) continue;
    checks.push(built.check);
    if (built.figures) fundamentalsBySymbol.set(symbol, built.figures);
    else rejected.set(symbol, built.check.reason!);
  }
  const fundamentals = [...fundamentalsBySymbol.values()];

  const listings: ListingRecord[] = [];
  for (const symbol of new Set([...hkex.keys(), ...hsi.keys(), ...rows.keys()])) {
    const company = hkex.get(symbol);
    const row = rows.get(symbol);
    const snapshot = (compiled.get(symbol) ?? peers.get(symbol))?.snapshot as Record<string, string> | null | undefined;
    // The compiled statistics page's (Yahoo-style) sector, as the older rows name theirs, where it has a Chinese name.
    const snapshotSector = snapshot?.sector && sectorText(snapshot.sector) ? snapshot.sector : null;
    const snapshotIndustry = snapshotSector && snapshot?.industry && industryText(snapshot.industry) ? snapshot.industry : null;
    const figures = fundamentalsBySymbol.get(symbol);
    const classified = sectors.get(symbol);
    const name = cleanName(row?.name_en || hsi.get(symbol)?.Name || company?.engName || classified?.name || symbol);
    const nameZh = cleanName(row?.name_zh || company?.zhName) || null;
    const notes = notesRows.get(symbol)?.notes ?? '';
    const facts: ListingFacts = {
      market: 'HK',
      name,
      securityName: null,
      listed: true,
      listSource: `港交所上市公司名單 ${files.asOf.hkexListedCompanies}`,
      delisted: delistingOf(notes),
      suspended: /^\s*SUSPENDED\b/i.test(notes),
      testIssue: false,
      etf: false,
      company: company !== undefined,
      sector: row?.sector || snapshotSector || classified?.sector || null,
      industry: row?.sector
        ? row.industry || null
        : snapshotSector
          ? (snapshotIndustry ?? classified?.industry ?? null)
          : (classified?.industry ?? null),
      financialStatus: null,
      price: figures?.price ?? null,
      currency: figures?.currency ?? 'HKD',
      eps: figures?.eps ?? null,
      netIncome: figures?.netIncome ?? null,
    };
    const classification = classifyListing(facts);
    listings.push({
      symbol,
      name,
      nameZh,
      market: 'HK',
      exchange: 'HKEX',
      sector: facts.sector,
      industry: facts.industry,
      ...classification,
      // An active company whose figures failed the checks says why it has none (the status check's no_data reason).
      ...(classification.status === 'active' && rejected.has(symbol) ? { reason: rejected.get(symbol)! } : {}),
      facts,
      sources: [
        company && 'hk/hkex-listed-companies.json',
        hsi.has(symbol) && 'hk/hsi-constituents.csv',
        row && 'hk/hk-fundamentals.csv',
        classified && 'hk/financedatabase-hkg.csv',
        compiled.has(symbol) && COMPILED_FOLDER.constituents,
        peers.has(symbol) && COMPILED_FOLDER.peers,
        prices.has(symbol) && 'prices/hk-daily-2026',
      ].filter((s): s is string => typeof s === 'string'),
    });
  }
  return { listings, fundamentals, checks };
}

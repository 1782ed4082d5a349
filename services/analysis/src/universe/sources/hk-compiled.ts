import type { FiscalYear } from '../../market-data/types';
import { parseCsv } from '../csv';
import type { FxRate, FxTable } from '../fx';
import { describeRate } from '../fx';
import { normaliseSymbol } from '../symbols';
import type { Fundamentals } from '../types';
import { type CheckResult, type ShareCount, validateCompany } from '../validate';
import type { HkPrices } from './hk-prices';
import { HK_MARKET_PROXY } from './hk-prices';
import { formatFigure, moneyOrNull, numberOrNull, percentOrNull } from './numbers';

/**
 * The Hang Seng statements compiled by hand from public pages (data/market/hk/hsi-compiled-2026,
 * see its README): periods.csv (one row per company and fiscal year or TTM, amounts in the
 * reporting currency), snapshot.csv (one statistics page per company) and balance.csv (one
 * figure per row, the currency the page states). Raw material: every company is checked
 * (validate.ts) before its figures count, and where sources give one figure twice the written
 * rule of SOURCES.md picks one and the other is kept as a note.
 */
export interface CompiledFiles {
  periods: string;
  snapshot: string;
  balance: string;
}

export interface PeriodRow {
  symbol: string;
  label: string;
  end: string | null;
  currency: string;
  revenue: number | null;
  operatingIncome: number | null;
  netIncome: number | null;
  eps: number | null;
  dividendPerShare: number | null;
  shares: number | null;
  totalDebt: number | null;
  cash: number | null;
  operatingCashFlow: number | null;
  capitalExpenditure: number | null;
  freeCashFlow: number | null;
  equity: number | null;
  bookValuePerShare: number | null;
  source: string;
  pageDate: string | null;
}

export interface CompiledCompany {
  symbol: string;
  snapshot: Record<string, string> | null;
  periods: PeriodRow[];
  balance: Record<string, string>[];
}

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const dateOrNull = (cell: string | undefined) => (ISO.test((cell ?? '').trim()) ? (cell ?? '').trim() : null);

/** The three files by company, periods oldest first. */
export function readCompiled(files: CompiledFiles): Map<string, CompiledCompany> {
  const companies = new Map<string, CompiledCompany>();
  const company = (raw: string) => {
    const symbol = normaliseSymbol(raw);
    let found = companies.get(symbol);
    if (!found) companies.set(symbol, (found = { symbol, snapshot: null, periods: [], balance: [] }));
    return found;
  };
  for (const r of parseCsv(files.periods)) {
    const c = company(r.symbol ?? '');
    c.periods.push({
      symbol: c.symbol,
      label: (r.fiscal_period ?? '').trim(),
      end: (r.period_end ?? '').trim() || null,
      currency: (r.currency ?? '').trim(),
      revenue: numberOrNull(r.revenue),
      operatingIncome: numberOrNull(r.operating_income),
      netIncome: numberOrNull(r.net_income),
      eps: numberOrNull(r.eps_diluted),
      dividendPerShare: numberOrNull(r.dividend_per_share),
      shares: numberOrNull(r.shares_diluted),
      totalDebt: numberOrNull(r.total_debt),
      cash: numberOrNull(r.cash_and_short_term_investments),
      operatingCashFlow: numberOrNull(r.operating_cash_flow),
      capitalExpenditure: numberOrNull(r.capital_expenditure),
      freeCashFlow: numberOrNull(r.free_cash_flow),
      equity: numberOrNull(r.total_equity),
      bookValuePerShare: numberOrNull(r.book_value_per_share),
      source: (r.source_url ?? '').trim(),
      pageDate: dateOrNull(r.page_date),
    });
  }
  for (const r of parseCsv(files.snapshot)) company(r.symbol ?? '').snapshot = r;
  for (const r of parseCsv(files.balance)) company(r.symbol ?? '').balance.push(r);
  for (const c of companies.values()) c.periods.sort((a, b) => (a.end ?? '').localeCompare(b.end ?? ''));
  return companies;
}

/** One source's value of a figure, in the trading currency, with what the rule sorts on. */
export interface Candidate {
  value: number;
  /** The currency the page stated the figure in ('' for counts and ratios). */
  stated: string;
  /** The period the figure covers (its end), or the page's date where the source gives no period. */
  period: string | null;
  pageDate: string | null;
  /** Where it comes from, for the notes ("periods.csv FY2024", "balance.csv total_debt"). */
  label: string;
}

/** Two values further apart than this are a disagreement worth a note. */
const DISAGREEMENT = 0.02;
/** Figures whose periods end this close are the same period (a quarter's reporting lag). */
const SAME_PERIOD_DAYS = 100;
const DAY_MS = 86_400_000;

/**
 * The written rule (data/market/SOURCES.md): a later period supersedes an earlier one; for
 * the same period, a figure stated in the company's reporting currency comes before one a
 * page converted into another; then the newest dated page (an undated page last). Returns
 * the winner and a note for each loser of the same period that differs by more than 2 %.
 */
export function resolveFigure(
  name: string,
  candidates: Candidate[],
  reporting: string,
  format: (v: number) => string = formatFigure,
): { value: number | null; chosen: Candidate | null; conflicts: string[] } {
  const samePeriod = (a: Candidate, b: Candidate) =>
    a.period === null || b.period === null || Math.abs(Date.parse(a.period) - Date.parse(b.period)) <= SAME_PERIOD_DAYS * DAY_MS;
  const rank = (c: Candidate) => (c.stated === '' || c.stated === reporting ? 0 : 1);
  const sorted = [...candidates].sort((a, b) => {
    if (!samePeriod(a, b)) return (b.period ?? '').localeCompare(a.period ?? '');
    if (rank(a) !== rank(b)) return rank(a) - rank(b);
    return (b.pageDate ?? '').localeCompare(a.pageDate ?? '');
  });
  const chosen = sorted[0] ?? null;
  if (!chosen) return { value: null, chosen: null, conflicts: [] };
  const conflicts = sorted
    .slice(1)
    .filter((c) => samePeriod(c, chosen) && Math.abs(c.value - chosen.value) > DISAGREEMENT * Math.abs(chosen.value))
    .map(
      (c) =>
        `${name}：來源不一致，採用 ${chosen.label}（${chosen.pageDate ?? '頁面無日期'}${chosen.stated ? `，${chosen.stated}` : ''}）的 ${format(chosen.value)}；` +
        `未採用 ${c.label}（${c.pageDate ?? '頁面無日期'}${c.stated ? `，${c.stated}` : ''}）的 ${format(c.value)}。`,
    );
  return { value: chosen.value, chosen, conflicts };
}

/** What an older fundamentals row (hk-fundamentals.csv) adds as candidates, with its price date as its period. */
export interface OlderRow {
  figures: Fundamentals;
  row: Record<string, string>;
  /** Its notes row (hk-fundamentals-notes.csv). */
  notes?: Record<string, string>;
}

/** The notes' own words for a market cap that adds the A shares at their price ("market cap includes A shares", "covers A+H"). */
const OTHER_CLASSES = /market cap (?:covers|includes) A/i;

/**
 * The price of a company without daily bars (the peers of hk-peers-compiled-2026): its
 * statistics page's price, on the date the page prints. Every price-dependent figure is
 * computed at it, so a peer's multiples read its own day, never another's; the report is as
 * of that day, and the staleness rule judges it so.
 */
export interface PagePrice {
  symbol: string;
  close: number;
  date: string;
  high52Week: number | null;
  low52Week: number | null;
  unadjustedFrom: null;
  history: null;
  /** The β the page gives (its own window): a company without bars has no other. */
  pageBeta: number | null;
}

/** The statistics page's dated price; null when the page gives no price or no date (such a peer is not used). */
export function pagePrice(compiled: CompiledCompany | null): PagePrice | null {
  const snap = compiled?.snapshot;
  const close = numberOrNull(snap?.price);
  const date = dateOrNull(snap?.price_date);
  if (!compiled || !snap || close === null || close <= 0 || !date) return null;
  return {
    symbol: compiled.symbol,
    close,
    date,
    high52Week: numberOrNull(snap.high_52w),
    low52Week: numberOrNull(snap.low_52w),
    unadjustedFrom: null,
    history: null,
    pageBeta: numberOrNull(snap.beta),
  };
}

/** The folders of the compiled files, as a company's source names them. */
export const COMPILED_FOLDER = { constituents: 'hk/hsi-compiled-2026', peers: 'hk/hk-peers-compiled-2026' } as const;

export interface BuiltCompany {
  figures: Fundamentals | null;
  check: CheckResult;
}

/** balance.csv items and the figure each stands for. */
const BALANCE_ITEMS = {
  total_debt: 'totalDebt',
  total_cash: 'cash',
  book_value_per_share: 'bookValuePerShare',
  dividend_per_share_ttm: 'dividendPerShare',
  dividend_per_share_fy: 'dividendPerShare',
  free_cash_flow: 'freeCashFlow',
  shares_outstanding: 'sharesOutstanding',
} as const;

const FIGURE_NAMES = {
  revenue: '營業額',
  netIncome: '淨利潤',
  eps: '每股盈利',
  dividendPerShare: '每股股息',
  bookValuePerShare: '每股帳面值',
  totalDebt: '總債務',
  cash: '現金',
  freeCashFlow: '自由現金流',
  sharesOutstanding: '流通股數',
} as const;
type Figure = keyof typeof FIGURE_NAMES;

/** "FY2024" from a period's end (the year it ends in, as the compiled files name a March year). */
export const fiscalLabel = (end: string) => `FY${end.slice(0, 4)}`;

/** A period as the reader's notes name it: "2024 財政年度" for FY2024, "截至 2025-09-30 的近十二個月（TTM）". */
export function periodName(label: string, end: string | null): string {
  const year = /^FY(\d{4})$/.exec(label)?.[1];
  if (year) return `${year} 財政年度`;
  return label === 'TTM' ? `截至 ${end ?? '不詳'} 的近十二個月（TTM）` : label;
}

/** The compiled and bundled sources as the reader's notes name them. */
const SOURCE_NAMES = {
  periods: '財務報表整理',
  snapshot: '統計頁',
  balance: '資產負債及股息整理',
  older: '原有基本數據',
} as const;

/**
 * One Hang Seng company's figures from the compiled files, its prices from the daily bars and
 * (for the 30 bundled before) its older fundamentals row; checked first. Amounts are converted
 * from the reporting currency into HKD at the FX table's latest rate on or before the price
 * date. Price-dependent figures (market cap, P/E, yield, P/B, P/S) are recomputed at the
 * latest close, so that every ratio reads the one price the report shows.
 */
export function buildCompany(
  compiled: CompiledCompany | null,
  older: OlderRow | null,
  prices: HkPrices | PagePrice | null,
  fx: FxTable,
  folder: string = COMPILED_FOLDER.constituents,
): BuiltCompany | null {
  const symbol = compiled?.symbol ?? older?.figures.symbol;
  if (!symbol || !prices) return null;
  const snap = compiled?.snapshot ?? null;
  const periods = compiled?.periods ?? [];
  const currency = 'HKD';
  const reporting =
    snap?.currency_reporting?.trim() || periods.find((p) => p.currency)?.currency || older?.figures.reportingCurrency || currency;

  // The check reads one page's price and market cap (the compiled statistics page, else the older row) and every share count.
  const shareCounts: ShareCount[] = [];
  const count = (value: number | null, label: string) => {
    if (value !== null && value > 0 && !shareCounts.some((c) => c.value === value)) shareCounts.push({ value, label });
  };
  count(numberOrNull(snap?.shares_outstanding), `${SOURCE_NAMES.snapshot}（${snap?.page_date || '日期不詳'}）`);
  for (const b of [...(compiled?.balance ?? [])]
    .filter((b) => b.item === 'shares_outstanding')
    .sort((a, b) => (b.page_date ?? '').localeCompare(a.page_date ?? '')))
    count(numberOrNull(b.value), `${SOURCE_NAMES.balance}（${b.page_date || '日期不詳'}）`);
  if (older) count(numberOrNull(older.row.shares_outstanding), `${SOURCE_NAMES.older}（${older.figures.asOf ?? '日期不詳'}）`);
  for (const p of [...periods].reverse()) count(p.shares, `${SOURCE_NAMES.periods}（${periodName(p.label, p.end)}，攤薄）`);
  const quote = snap
    ? {
        tradingCurrency: snap.currency_trading?.trim() || null,
        reportingCurrency: reporting,
        price: numberOrNull(snap.price),
        marketCap: numberOrNull(snap.market_cap),
        shares: shareCounts,
      }
    : older
      ? {
          tradingCurrency: older.figures.currency,
          reportingCurrency: reporting,
          price: older.figures.price,
          marketCap: older.figures.marketCap,
          shares: shareCounts,
          marketCapCoversOtherClasses: OTHER_CLASSES.test(`${older.notes?.shares_note ?? ''} ${older.notes?.notes ?? ''}`),
          basis:
            older.figures.netIncome !== null && older.figures.eps !== null
              ? { netIncome: older.figures.netIncome, eps: older.figures.eps }
              : null,
        }
      : null;
  const check = validateCompany({
    symbol,
    priceCurrency: currency,
    priceDate: prices.date,
    quote,
    periods: periods.map((p) => ({
      label: periodName(p.label, p.end),
      end: p.end,
      currency: p.currency,
      netIncome: p.netIncome,
      eps: p.eps,
      shares: p.shares,
    })),
    fx,
  });
  if (!check.passed) return { figures: null, check };

  const rate: FxRate | null = reporting === currency ? null : fx.rate(reporting, currency, prices.date);
  const toHkd = (v: number | null) => (v === null ? null : rate ? v * rate.rate : v);
  const notes: string[] = [];
  const conflicts: string[] = [];

  // Fiscal years: the FY rows (TTM rows are not a fiscal year), converted at the one rate.
  const years: FiscalYear[] = periods
    .filter((p) => /^FY\d{4}$/.test(p.label) && p.end)
    .map((p) => {
      const capex = p.capitalExpenditure === null ? null : Math.abs(p.capitalExpenditure);
      const fcf = p.freeCashFlow ?? (p.operatingCashFlow !== null && capex !== null ? p.operatingCashFlow - capex : null);
      return {
        end: p.end!,
        revenue: toHkd(p.revenue),
        netIncome: toHkd(p.netIncome),
        ebitda: null,
        operatingCashFlow: toHkd(p.operatingCashFlow),
        capitalExpenditure: toHkd(capex),
        freeCashFlow: toHkd(fcf),
        totalDebt: toHkd(p.totalDebt),
        cash: toHkd(p.cash),
        equity: toHkd(p.equity),
        shares: p.shares,
      };
    });

  // Candidates of each figure: every period (its end), the statistics page, balance.csv rows, the older row.
  const candidates: Record<Figure, Candidate[]> = {
    revenue: [],
    netIncome: [],
    eps: [],
    dividendPerShare: [],
    bookValuePerShare: [],
    totalDebt: [],
    cash: [],
    freeCashFlow: [],
    sharesOutstanding: [],
  };
  const add = (figure: Figure, value: number | null, c: Omit<Candidate, 'value'>) => {
    if (value !== null && Number.isFinite(value)) candidates[figure].push({ value, ...c });
  };
  for (const p of periods) {
    if (!p.end) continue;
    const at = {
      stated: p.currency,
      period: p.end,
      pageDate: p.pageDate,
      label: `${SOURCE_NAMES.periods}（${periodName(p.label, p.end)}）`,
    };
    const capex = p.capitalExpenditure === null ? null : Math.abs(p.capitalExpenditure);
    add('revenue', toHkd(p.revenue), at);
    add('netIncome', toHkd(p.netIncome), at);
    add('eps', toHkd(p.eps), at);
    add('dividendPerShare', toHkd(p.dividendPerShare), at);
    add('bookValuePerShare', toHkd(p.bookValuePerShare), at);
    add('totalDebt', toHkd(p.totalDebt), at);
    add('cash', toHkd(p.cash), at);
    add('freeCashFlow', toHkd(p.freeCashFlow ?? (p.operatingCashFlow !== null && capex !== null ? p.operatingCashFlow - capex : null)), at);
  }
  if (snap) {
    const at = {
      stated: reporting,
      period: dateOrNull(snap.price_date) ?? dateOrNull(snap.page_date),
      pageDate: dateOrNull(snap.page_date),
      label: SOURCE_NAMES.snapshot,
    };
    add('eps', toHkd(numberOrNull(snap.eps_ttm)), at);
    add('dividendPerShare', toHkd(numberOrNull(snap.dividend_per_share_ttm)), at);
    add('bookValuePerShare', toHkd(numberOrNull(snap.book_value_per_share)), at);
    add('sharesOutstanding', numberOrNull(snap.shares_outstanding), { ...at, stated: '' });
  }
  for (const b of compiled?.balance ?? []) {
    const figure = BALANCE_ITEMS[b.item as keyof typeof BALANCE_ITEMS];
    if (!figure) continue;
    const stated = (b.currency ?? '').trim();
    const pageDate = dateOrNull(b.page_date);
    const period = /FY(\d{4})/.exec(b.period_or_date ?? '')?.[1];
    const at = {
      stated,
      period: period ? `${period}-12-31` : (dateOrNull(b.period_or_date) ?? pageDate),
      pageDate,
      label: SOURCE_NAMES.balance,
    };
    if (figure === 'sharesOutstanding') {
      add(figure, numberOrNull(b.value), { ...at, stated: '' });
      continue;
    }
    // A figure whose currency the page does not state is never used; one in HKD is already in the trading currency.
    if (stated === reporting) add(figure, toHkd(numberOrNull(b.value)), at);
    else if (stated === currency) add(figure, numberOrNull(b.value), at);
  }
  if (older) {
    const o = older.figures;
    const at = { period: o.asOf && o.asOf.length === 10 ? o.asOf : null, pageDate: o.asOf, label: SOURCE_NAMES.older };
    const statedOf = (column: string) => moneyOrNull(older.row[column], currency)?.currency ?? currency;
    // The older row converted its amounts at the rate of its own quote date; here, as every other
    // source, at the one rate of the price date, so a margin never mixes two rates.
    const atOneRate = (column: string, converted: number | null) => {
      const stated = moneyOrNull(older.row[column], currency);
      if (!stated || stated.currency === currency) return converted;
      const current = fx.rate(stated.currency, currency, prices.date);
      return current ? stated.amount * current.rate : null;
    };
    add('revenue', atOneRate('revenue', o.revenue), { ...at, stated: statedOf('revenue') });
    add('netIncome', atOneRate('net_income', o.netIncome), { ...at, stated: statedOf('net_income') });
    add('eps', atOneRate('eps_ttm', o.eps), { ...at, stated: statedOf('eps_ttm') });
    add('dividendPerShare', o.dividendPerShare, { ...at, stated: currency });
    add('bookValuePerShare', atOneRate('book_value_per_share', o.bookValuePerShare), { ...at, stated: statedOf('book_value_per_share') });
    add('totalDebt', atOneRate('total_debt', o.totalDebt), { ...at, stated: statedOf('total_debt') });
    add('cash', atOneRate('cash', o.cash), { ...at, stated: statedOf('cash') });
    add('freeCashFlow', atOneRate('free_cash_flow', o.freeCashFlow), { ...at, stated: statedOf('free_cash_flow') });
    add('sharesOutstanding', o.sharesOutstanding, { ...at, stated: '' });
  }
  const value = {} as Record<Figure, number | null>;
  const chosen = {} as Record<Figure, Candidate | null>;
  for (const figure of Object.keys(FIGURE_NAMES) as Figure[]) {
    if (figure === 'sharesOutstanding') continue; // the market-cap check picks it
    const resolved = resolveFigure(FIGURE_NAMES[figure], candidates[figure], reporting);
    value[figure] = resolved.value;
    chosen[figure] = resolved.chosen;
    conflicts.push(...resolved.conflicts);
  }

  // Derived where no page gives the figure, each said.
  const price = prices.close;
  const snapPrice = numberOrNull(snap?.price);
  const snapCap = numberOrNull(snap?.market_cap);
  // The share count is the one that agreed with the market cap (validate.ts), not simply the newest.
  value.sharesOutstanding = check.shares?.value ?? null;
  if (check.shares && check.shares !== shareCounts[0]) notes.push(...check.rejectedShares);
  if (value.sharesOutstanding === null && snapPrice && snapCap) {
    value.sharesOutstanding = snapCap / snapPrice;
    notes.push(`流通股數由統計頁的市值 ÷ 股價推算，約 ${formatFigure(value.sharesOutstanding)}股。`);
  }
  if (value.sharesOutstanding === null && older?.figures.sharesOutstanding) value.sharesOutstanding = older.figures.sharesOutstanding;
  if (value.eps === null && snapPrice && numberOrNull(snap?.pe_ttm)) {
    value.eps = snapPrice / numberOrNull(snap?.pe_ttm)!;
    notes.push(`每股盈利由統計頁的股價 ÷ 市盈率推算（${snap?.price_date || '日期不詳'}）。`);
  }
  if (value.dividendPerShare === null && snapPrice && percentOrNull(snap?.dividend_yield)) {
    value.dividendPerShare = snapPrice * percentOrNull(snap?.dividend_yield)!;
    notes.push(`每股股息由統計頁的股價 × 股息率推算（${snap?.page_date || '日期不詳'}）。`);
  }
  const latestEquity = [...years].reverse().find((y) => y.equity !== null);
  if (value.bookValuePerShare === null && latestEquity && value.sharesOutstanding) {
    value.bookValuePerShare = latestEquity.equity! / value.sharesOutstanding;
    notes.push(`每股帳面值由截至 ${latestEquity.end} 的股東權益 ÷ 流通股數計算。`);
  }

  const shares = value.sharesOutstanding;
  const marketCap = shares ? price * shares : null;
  const eps = value.eps;
  const stats = prices.history?.stats ?? null;
  const pageBeta = 'pageBeta' in prices ? prices.pageBeta : null;
  const periodOf = (figure: Figure) => {
    const c = chosen[figure];
    if (!c) return null;
    return `${FIGURE_NAMES[figure]}取自${c.label}${c.label.includes('截至') || !c.period ? '' : `（截至 ${c.period}）`}`;
  };
  const usedYears = years.map((y) => fiscalLabel(y.end));
  notes.unshift(
    prices.history === null
      ? `股價為統計頁所載 ${prices.date} 的價格（港元；此公司沒有日線數據，報告以該日為準）` +
          (prices.high52Week !== null && prices.low52Week !== null ? '，52 週高低位亦取自該頁' : '') +
          '；市值、市盈率、股息率及市帳率均按此價計算。'
      : `股價為 ${prices.date} 的收市價（港元），52 週高低位由截至該日的一年日線計算` +
          (prices.unadjustedFrom && Date.parse(prices.unadjustedFrom) > Date.parse(prices.date) - 365 * DAY_MS
            ? `（${prices.unadjustedFrom} 之前的日線已按股息調整）`
            : '') +
          '；市值、市盈率、股息率及市帳率均按此收市價重新計算。',
    ...(usedYears.length
      ? [
          `財務報表取自 ${years.map((y) => y.end.slice(0, 4)).join('、')} 共 ${usedYears.length} 個財政年度（結算日 ${years.map((y) => y.end).join('、')}；公開財務報表頁面整理，以 ${reporting} 列示）。`,
        ]
      : ['沒有完整財政年度的報表，只有最新數字。']),
  );
  if (rate) notes.push(`以 ${reporting} 列示的數字已按 ${describeRate(rate)} 換算為 ${currency}（內置匯率表中報價日期或之前最新的匯率）。`);
  const periodsUsed = (['revenue', 'netIncome', 'freeCashFlow', 'totalDebt', 'cash'] as Figure[]).map(periodOf).filter((s) => s !== null);
  if (periodsUsed.length) notes.push(`各數字的期間：${periodsUsed.join('；')}。`);
  // The older row's own sentences on the periods of what is still taken from it.
  const fromOlder = (figure: Figure) => chosen[figure]?.label === SOURCE_NAMES.older;
  const olderNote = (column: string) => older?.notes?.[column]?.trim();
  if (fromOlder('revenue') && olderNote('revenue_period_zh')) notes.push(olderNote('revenue_period_zh')!);
  if (fromOlder('netIncome') && olderNote('net_income_period_zh')) notes.push(olderNote('net_income_period_zh')!);
  if (check.shares?.label.startsWith(SOURCE_NAMES.older) && olderNote('shares_note_zh')) notes.push(olderNote('shares_note_zh')!);
  if (stats)
    notes.push(
      `β 值由 ${stats.from} 至 ${stats.to} 的 ${stats.observations} 週每週回報對${HK_MARKET_PROXY}回歸計算；波幅為最近一年日回報的年化標準差。`,
    );
  else if (pageBeta !== null) notes.push(`β 值 ${pageBeta} 取自統計頁（${snap?.page_date || '日期不詳'}）；沒有日線，未能計算 β 及波幅。`);
  notes.push(...conflicts);

  const figures: Fundamentals = {
    symbol,
    currency,
    reportingCurrency: reporting,
    price,
    marketCap,
    sharesOutstanding: shares,
    peRatio: eps !== null && eps > 0 ? price / eps : null,
    eps,
    dividendPerShare: value.dividendPerShare,
    dividendYield: value.dividendPerShare !== null ? value.dividendPerShare / price : null,
    high52Week: prices.high52Week,
    low52Week: prices.low52Week,
    bookValuePerShare: value.bookValuePerShare,
    priceToBook: value.bookValuePerShare !== null && value.bookValuePerShare > 0 ? price / value.bookValuePerShare : null,
    priceToSales: marketCap !== null && value.revenue !== null && value.revenue > 0 ? marketCap / value.revenue : null,
    revenue: value.revenue,
    netIncome: value.netIncome,
    freeCashFlow: value.freeCashFlow,
    ebitda: null,
    totalDebt: value.totalDebt,
    cash: value.cash,
    beta: stats?.betaRaw ?? pageBeta,
    asOf: prices.date,
    source:
      `${folder}（${[...new Set(periods.map((p) => p.source).concat(snap?.source_url ?? []))].filter((s) => s).join(' | ')}）` +
      (prices.history === null ? `；股價取自統計頁（${prices.date}）` : `；prices/hk-daily-2026/daily/${symbol}.csv`) +
      (older ? `；${older.figures.source}` : ''),
    notes,
    fiscalYears: years,
    priceHistory: prices.history,
    sourceConflicts: conflicts,
  };
  return { figures, check };
}

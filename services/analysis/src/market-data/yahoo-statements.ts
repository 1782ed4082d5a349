import type { FiscalYear, SeriesGrowth } from './types';

type Row = Record<string, unknown>;
const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** How many fiscal years to ask Yahoo for: it keeps four or five annual statements. */
export const STATEMENT_YEARS = 5;

/** The figures of a fiscal year (besides its end), with their Chinese names for the notes. */
const FIGURES: Record<Exclude<keyof FiscalYear, 'end'>, string> = {
  revenue: '營業額',
  netIncome: '淨利潤',
  ebitda: 'EBITDA',
  operatingCashFlow: '經營現金流',
  capitalExpenditure: '資本開支',
  freeCashFlow: '自由現金流',
  totalDebt: '總債務',
  cash: '現金',
  equity: '股東權益',
  shares: '股數',
};

/**
 * yahoo-finance2's `fundamentalsTimeSeries` rows (module "all", annual) as fiscal years, oldest
 * first, in the reporting currency. Free cash flow is Yahoo's own, else operating cash flow
 * less capex when Yahoo gives both; capex is Yahoo's negative outflow turned into an amount
 * spent. Net income is the common shareholders' share when Yahoo has it (the owners' figure
 * the per-share models need). Only rows with a revenue are years: the series also carries
 * stray dates with a single balance-sheet item.
 */
export function fiscalYears(rows: Row[]): FiscalYear[] {
  return rows
    .filter((r) => num(r.totalRevenue) !== null && r.date instanceof Date)
    .sort((a, b) => (a.date as Date).getTime() - (b.date as Date).getTime())
    .map((r) => {
      const operatingCashFlow = num(r.operatingCashFlow);
      const capex = num(r.capitalExpenditure);
      const derivedFcf = operatingCashFlow !== null && capex !== null ? operatingCashFlow - Math.abs(capex) : null;
      return {
        end: (r.date as Date).toISOString().slice(0, 10),
        revenue: num(r.totalRevenue),
        netIncome: num(r.netIncomeCommonStockholders) ?? num(r.netIncome),
        ebitda: num(r.EBITDA),
        operatingCashFlow,
        capitalExpenditure: capex === null ? null : Math.abs(capex),
        freeCashFlow: num(r.freeCashFlow) ?? derivedFcf,
        totalDebt: num(r.totalDebt),
        cash: num(r.cashAndCashEquivalents),
        equity: num(r.stockholdersEquity) ?? num(r.commonStockEquity),
        shares: num(r.ordinarySharesNumber) ?? num(r.shareIssued),
      };
    });
}

/** Every amount of the year times `rate` (shares excepted); null stays null. */
export function convertYear(year: FiscalYear, rate: number | null): FiscalYear {
  const times = (v: number | null) => (v === null || rate === null ? null : v * rate);
  return {
    end: year.end,
    revenue: times(year.revenue),
    netIncome: times(year.netIncome),
    ebitda: times(year.ebitda),
    operatingCashFlow: times(year.operatingCashFlow),
    capitalExpenditure: times(year.capitalExpenditure),
    freeCashFlow: times(year.freeCashFlow),
    totalDebt: times(year.totalDebt),
    cash: times(year.cash),
    equity: times(year.equity),
    shares: year.shares,
  };
}

/**
 * The note that dates the latest year's figures and names the ones it lacks: a figure missing
 * from the latest statement stays missing rather than being taken from an older year, so
 * every ratio reads one period.
 */
export function latestYearNote(years: FiscalYear[]): string | null {
  const latest = years.at(-1);
  if (!latest) return null;
  const missing = (Object.keys(FIGURES) as Array<keyof typeof FIGURES>).filter((k) => latest[k] === null).map((k) => FIGURES[k]);
  return (
    `營業額、淨利潤、EBITDA、自由現金流、總債務及現金均取自截至 ${latest.end} 的財政年度年報（Yahoo Finance，共取得 ${years.length} 個財政年度：${years[0]!.end} 至 ${latest.end}）。` +
    (missing.length ? `該年度沒有${missing.join('、')}，相關數字從缺，不以其他年度代替。` : '')
  );
}

/**
 * The compound yearly growth of free cash flow from the oldest to the latest fiscal year that
 * has one, over at least two years, when both ends are positive (a growth rate from or to a
 * negative cash flow means nothing); else null with the reason.
 */
export function fcfGrowthOf(years: FiscalYear[]): { growth: SeriesGrowth | null; reason: string | null } {
  const withFcf = years.filter((y) => y.freeCashFlow !== null);
  const first = withFcf[0];
  const last = withFcf.at(-1);
  if (!first || !last || first === last) return { growth: null, reason: '只有一個財政年度的自由現金流，未能計算歷史增長' };
  const span = Math.round((Date.parse(last.end) - Date.parse(first.end)) / (365.25 * 86_400_000));
  if (span < 2) return { growth: null, reason: '自由現金流的年度少於兩年，未能計算歷史增長' };
  if (first.freeCashFlow! <= 0 || last.freeCashFlow! <= 0)
    return { growth: null, reason: `${first.end} 或 ${last.end} 的自由現金流不為正數，歷史增長率沒有意義` };
  const rate = (last.freeCashFlow! / first.freeCashFlow!) ** (1 / span) - 1;
  return {
    growth: {
      rate,
      from: first.end,
      to: last.end,
      years: span,
      source: `自由現金流由截至 ${first.end} 至截至 ${last.end} 的財政年度（${span} 年）年均增長 ${(rate * 100).toFixed(1)}%（Yahoo Finance 年報）`,
    },
    reason: null,
  };
}

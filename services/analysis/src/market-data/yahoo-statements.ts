import type { FiscalYear } from './types';

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

import type { FiscalYear } from '../../market-data/types';

/** A compound yearly growth rate between two fiscal years' figures. */
export interface SeriesGrowth {
  rate: number;
  /** The fiscal year ends it runs between (ISO dates). */
  from: string;
  to: string;
  years: number;
  /** Where it came from, in Traditional Chinese, for `explain`. */
  source: string;
}

/** The base-year free cash flow of a normal year: the typical margin of the years × the latest revenue. */
export interface NormalisedCashFlow {
  amount: number;
  /** The median free-cash-flow margin across `margins`. */
  margin: number;
  /** Each year's free cash flow ÷ revenue, oldest first. */
  margins: Array<{ end: string; margin: number }>;
  latestRevenue: number;
  /** The latest year's own free cash flow; null when the statements give none for it (the margins of earlier years still apply). */
  latestFreeCashFlow: number | null;
  source: string;
}

/** Fewer years than this are no cycle: one capex-heavy year of three still leaves two normal ones. */
export const MIN_NORMALISING_YEARS = 3;

const YEAR_MS = 365.25 * 86_400_000;
const percent = (v: number) => `${(v * 100).toFixed(1)}%`;

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = (sorted.length - 1) / 2;
  return (sorted[Math.floor(mid)]! + sorted[Math.ceil(mid)]!) / 2;
};

/**
 * The compound yearly growth of revenue from the oldest to the latest fiscal year that has
 * one, over at least two years, when both are positive; else null with the reason. Revenue,
 * not free cash flow: a cash flow's growth over a few years mostly measures where the capex
 * and working-capital cycle stood at each end (Damodaran grows revenue and applies a margin).
 */
export function revenueGrowthOf(years: FiscalYear[]): { growth: SeriesGrowth | null; reason: string | null } {
  const withRevenue = years.filter((y) => y.revenue !== null);
  const first = withRevenue[0];
  const last = withRevenue.at(-1);
  if (!first || !last || first === last) return { growth: null, reason: '只有一個財政年度的營業額，未能計算歷史增長' };
  const span = Math.round((Date.parse(last.end) - Date.parse(first.end)) / YEAR_MS);
  if (span < 2) return { growth: null, reason: '營業額的年度少於兩年，未能計算歷史增長' };
  if (first.revenue! <= 0 || last.revenue! <= 0)
    return { growth: null, reason: `${first.end} 或 ${last.end} 的營業額不為正數，歷史增長率沒有意義` };
  const rate = (last.revenue! / first.revenue!) ** (1 / span) - 1;
  return {
    growth: {
      rate,
      from: first.end,
      to: last.end,
      years: span,
      source: `營業額由截至 ${first.end} 至截至 ${last.end} 的財政年度（${span} 年）複合年增長 ${percent(rate)}（年報）`,
    },
    reason: null,
  };
}

/**
 * Normalised free cash flow (Damodaran, Investment Valuation, 3rd ed., ch. 22: a firm whose
 * latest year is not a normal one is valued on its average margin over time applied to its
 * current revenue): the median of each year's free cash flow ÷ revenue, times the latest
 * year's revenue. The median rather than the mean, so that one capex-heavy or one
 * working-capital-release year does not move the base at all. Needs the latest year's revenue
 * and at least three years with both revenue and free cash flow; else null with the reason
 * (the headline free cash flow is then discounted as it is). The latest year's own free cash
 * flow is not needed: the method applies the typical margin to the current revenue, and a
 * year whose cash-flow statement the source lacks (many compiled Hong Kong years) is exactly
 * one whose base the margins of the others should set.
 */
export function normalisedCashFlowOf(years: FiscalYear[]): { base: NormalisedCashFlow | null; reason: string | null } {
  const latest = years.at(-1);
  if (!latest || latest.revenue === null || latest.revenue <= 0)
    return { base: null, reason: '最新財政年度沒有營業額，未能按歷年自由現金流率正常化' };
  const margins = years
    .filter((y) => y.revenue !== null && y.revenue > 0 && y.freeCashFlow !== null)
    .map((y) => ({ end: y.end, margin: y.freeCashFlow! / y.revenue! }));
  if (margins.length < MIN_NORMALISING_YEARS)
    return {
      base: null,
      reason: `只有 ${margins.length} 個財政年度同時有營業額及自由現金流（少於 ${MIN_NORMALISING_YEARS} 年），未能正常化，以最新年度自由現金流為基數`,
    };
  const margin = median(margins.map((m) => m.margin));
  return {
    base: {
      amount: margin * latest.revenue,
      margin,
      margins,
      latestRevenue: latest.revenue,
      latestFreeCashFlow: latest.freeCashFlow,
      source:
        `正常化自由現金流 = ${margins[0]!.end} 至 ${latest.end} 共 ${margins.length} 個財政年度自由現金流率（自由現金流 ÷ 營業額）的中位數 ${percent(margin)}` +
        ` × 截至 ${latest.end} 的營業額；` +
        (latest.freeCashFlow === null
          ? `截至 ${latest.end} 的年度沒有自由現金流數據，最近有數據的 ${margins.at(-1)!.end} 年度自由現金流率 ${percent(margins.at(-1)!.margin)}（年報）`
          : `最新年度自由現金流率 ${percent(margins.at(-1)!.margin)}（年報）`),
    },
    reason: null,
  };
}

import type { MarketData } from '../market-data/types';
import { ratio } from './format';

/**
 * The financial ratios the report reasons with, each from named MarketData fields (null when
 * an input is missing). Equity is book value per share × shares outstanding, because the
 * snapshot carries book value per share rather than total equity.
 */
export interface FinancialMetrics {
  equity: number | null;
  /** Net income / revenue. */
  netMargin: number | null;
  /** EBITDA / revenue. */
  ebitdaMargin: number | null;
  /** Return on equity: net income / equity (or EPS / book value per share when totals are missing). */
  roe: number | null;
  /** Total debt / equity. */
  debtToEquity: number | null;
  /** Total debt − cash (negative: net cash). */
  netDebt: number | null;
  /** Free cash flow / net income: how much of the profit arrives as cash. */
  fcfConversion: number | null;
  /** Dividend per share / EPS. */
  payoutRatio: number | null;
  /** ROE × (1 − payout): the growth the company can fund from retained profit. */
  sustainableGrowth: number | null;
  /** Market cap in US dollars, to compare sizes across markets. */
  marketCapUsd: number | null;
  /** Banks, insurers and brokers: cash flow and EBITDA do not describe them. */
  financial: boolean;
}

const FINANCIAL_SECTORS = new Set(['Financial Services', 'Financials']);

export function isFinancial(sector: string | null): boolean {
  return sector !== null && FINANCIAL_SECTORS.has(sector);
}

/**
 * Rough rates to compare sizes across the two markets only (HKD is pegged at 7.75–7.85);
 * no per-share figure is ever converted with them.
 */
export const USD_PER_UNIT: Record<string, number> = { USD: 1, HKD: 1 / 7.8, CNY: 1 / 7.2 };

export function financialMetrics(data: MarketData): FinancialMetrics {
  const equity =
    data.bookValuePerShare !== null && data.sharesOutstanding !== null ? data.bookValuePerShare * data.sharesOutstanding : null;
  // Without totals (the US snapshot has per-share figures only), ROE is EPS / book value per share.
  const roe =
    equity !== null && equity > 0 && data.netIncome !== null
      ? data.netIncome / equity
      : data.bookValuePerShare !== null && data.bookValuePerShare > 0
        ? ratio(data.eps, data.bookValuePerShare)
        : null;
  const payoutRatio = data.eps !== null && data.eps > 0 ? ratio(data.dividendPerShare ?? 0, data.eps) : null;
  const sustainableGrowth = roe !== null && payoutRatio !== null && payoutRatio <= 1 ? roe * (1 - payoutRatio) : null;
  const rate = USD_PER_UNIT[data.currency];
  return {
    equity,
    netMargin: data.revenue !== null && data.revenue > 0 ? ratio(data.netIncome, data.revenue) : null,
    ebitdaMargin: data.revenue !== null && data.revenue > 0 ? ratio(data.ebitda, data.revenue) : null,
    roe,
    debtToEquity: equity !== null && equity > 0 ? ratio(data.totalDebt, equity) : null,
    netDebt: data.totalDebt !== null && data.cash !== null ? data.totalDebt - data.cash : null,
    fcfConversion: data.netIncome !== null && data.netIncome > 0 ? ratio(data.freeCashFlow, data.netIncome) : null,
    payoutRatio,
    sustainableGrowth,
    marketCapUsd: data.marketCap !== null && rate !== undefined ? data.marketCap * rate : null,
    financial: isFinancial(data.sector),
  };
}

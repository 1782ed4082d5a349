import type { Market, MarketData } from '../../market-data/types';
import { clamp } from '../format';

/**
 * The market assumptions of the valuation models, stated once so the report can name them.
 *
 * Risk-free rate: the 10-year government yield, rounded — US Treasuries about 4.3 % and
 * HK Exchange Fund Notes about 3.8 % through 2025–2026. Equity risk premium: about 5.0 % for
 * the US (Damodaran's implied premium, January 2026, rounded up) and 6.0 % for Hong Kong (the
 * mature-market premium plus a country premium for its exposure to mainland China).
 * They move slowly; revise them here when the yields move by more than half a point.
 */
export const MARKET_RATES: Record<Market, { riskFree: number; equityPremium: number }> = {
  US: { riskFree: 0.043, equityPremium: 0.05 },
  HK: { riskFree: 0.038, equityPremium: 0.06 },
};

/** Long-run nominal growth every company fades to: below both markets' risk-free rates. */
export const TERMINAL_GROWTH = 0.025;
/** Years of explicit cash flows before the terminal value: the first HIGH_GROWTH_YEARS at the first-year growth, then a fade. */
export const EXPLICIT_YEARS = 10;
export const HIGH_GROWTH_YEARS = 5;
/** First-year growth when no sustainable growth can be computed; and the bounds of any first-year growth. */
export const DEFAULT_GROWTH = 0.05;
export const MAX_GROWTH = 0.15;
/**
 * Beta is bounded to 0.6–2.0: a one-year beta of 0.2 or 3.5 says more about a quiet or a
 * wild year than about the cost of the equity, and would make the DCF meaningless.
 */
const BETA_BOUNDS = [0.6, 2.0] as const;
/** The discount rate stays between 6 % and 16 %, and at least 3 points above terminal growth. */
const DISCOUNT_BOUNDS = [0.06, 0.16] as const;

export interface DiscountRate {
  rate: number;
  riskFree: number;
  equityPremium: number;
  /** The beta used (bounded), or 1 when the data has none. */
  beta: number;
  betaSource: 'data' | 'default';
}

/** CAPM: r = risk-free + β × equity premium, for the stock's market. */
export function discountRate(data: Pick<MarketData, 'market' | 'beta'>): DiscountRate {
  const { riskFree, equityPremium } = MARKET_RATES[data.market];
  const known = data.beta !== null && Number.isFinite(data.beta) && data.beta > 0;
  const beta = known ? clamp(data.beta as number, BETA_BOUNDS[0], BETA_BOUNDS[1]) : 1;
  const rate = clamp(riskFree + beta * equityPremium, Math.max(DISCOUNT_BOUNDS[0], TERMINAL_GROWTH + 0.03), DISCOUNT_BOUNDS[1]);
  return { rate, riskFree, equityPremium, beta, betaSource: known ? 'data' : 'default' };
}

/**
 * First-year growth: the sustainable growth (ROE × retention) when known, else the default,
 * bounded to 0–15 %: the data has no history, so a higher rate would be a guess.
 */
export function firstYearGrowth(sustainableGrowth: number | null): { growth: number; source: 'sustainable' | 'default' } {
  if (sustainableGrowth === null) return { growth: DEFAULT_GROWTH, source: 'default' };
  return { growth: clamp(sustainableGrowth, 0, MAX_GROWTH), source: 'sustainable' };
}

/**
 * Two stages: years 1–5 grow at g0; years 6–10 fade linearly to terminal growth,
 * g_t = g0 − (g0 − gT) × (t − 5) / 5, so year 10 grows at gT as every year after it.
 */
export function fadedGrowth(firstYear: number, year: number): number {
  if (year <= HIGH_GROWTH_YEARS) return firstYear;
  return firstYear - ((firstYear - TERMINAL_GROWTH) * (year - HIGH_GROWTH_YEARS)) / (EXPLICIT_YEARS - HIGH_GROWTH_YEARS);
}

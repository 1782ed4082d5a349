import { clamp } from '../format';

/** Long-run nominal growth every company fades to: below both markets' risk-free rates. */
export const TERMINAL_GROWTH = 0.025;
/** Years of explicit cash flows before the terminal value: the first HIGH_GROWTH_YEARS at the first-year growth, then a fade. */
export const EXPLICIT_YEARS = 10;
export const HIGH_GROWTH_YEARS = 5;
/** First-year growth when no sustainable growth can be computed; and the bounds of any first-year growth. */
export const DEFAULT_GROWTH = 0.05;
export const MAX_GROWTH = 0.15;
/** What a discount rate is made of, as the models and the report name it. */
export interface DiscountRate {
  rate: number;
  riskFree: number;
  /** Mature-market premium plus the country premium. */
  equityPremium: number;
  beta: number;
  betaSource: string;
}
/** A cap on growth from outside the company: its industry's expected growth, with its source. */
export interface GrowthCap {
  rate: number;
  source: string;
}

/**
 * First-year growth: the sustainable growth (ROE × retention) when known, else the default;
 * never above the industry's expected growth when one is known (a high ROE from buybacks or
 * leverage does not make a mature industry grow), bounded to 0–15 %.
 */
export function firstYearGrowth(
  sustainableGrowth: number | null,
  cap: GrowthCap | null = null,
): { growth: number; source: 'sustainable' | 'default' | 'industry' } {
  const own = sustainableGrowth ?? DEFAULT_GROWTH;
  if (cap !== null && cap.rate < own) return { growth: clamp(cap.rate, 0, MAX_GROWTH), source: 'industry' };
  return { growth: clamp(own, 0, MAX_GROWTH), source: sustainableGrowth === null ? 'default' : 'sustainable' };
}

/**
 * Two stages: years 1–5 grow at g0; years 6–10 fade linearly to terminal growth,
 * g_t = g0 − (g0 − gT) × (t − 5) / 5, so year 10 grows at gT as every year after it.
 */
export function fadedGrowth(firstYear: number, year: number): number {
  if (year <= HIGH_GROWTH_YEARS) return firstYear;
  return firstYear - ((firstYear - TERMINAL_GROWTH) * (year - HIGH_GROWTH_YEARS)) / (EXPLICIT_YEARS - HIGH_GROWTH_YEARS);
}

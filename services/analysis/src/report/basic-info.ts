import type { MarketData } from '../market-data/types';
import type { BasicInfo } from './types';
import { financialMetrics } from './metrics';
import { round } from './format';
import { priceTiming } from './as-of';
import { industryText } from './industries';
import { sectorText } from './labels';

export interface BasicScore {
  score: number;
  parts: { valuation: number; income: number; size: number; profitability: number };
}

/**
 * The basic score, 0–100, from what the quote page shows, in four parts:
 * - valuation 0–35 by P/E: ≤ 15 → 35, ≤ 25 → 25, ≤ 40 → 12, above → 5, losses → 0;
 * - income 0–15 by dividend yield: ≥ 3 % → 15, > 0 → 8, none → 0;
 * - size 0–25 by market cap in US$: ≥ 100 bn → 25, ≥ 10 bn → 20, ≥ 2 bn → 12, below → 5;
 * - profitability 0–25 by net margin: ≥ 20 % → 25, ≥ 10 % → 18, > 0 → 10, losses → 0.
 * A part whose figure is unknown gets half its points: unknown is neither good nor bad.
 */
export function basicScore(data: MarketData): BasicScore {
  const metrics = financialMetrics(data);
  const losing = (data.eps !== null && data.eps <= 0) || (data.netIncome !== null && data.netIncome < 0);
  const pe = data.peRatio;
  const valuation = losing ? 0 : pe === null || pe <= 0 ? 17.5 : pe <= 15 ? 35 : pe <= 25 ? 25 : pe <= 40 ? 12 : 5;
  const dy = data.dividendYield;
  const income = dy === null ? 7.5 : dy >= 0.03 ? 15 : dy > 0 ? 8 : 0;
  const cap = metrics.marketCapUsd;
  const size = cap === null ? 12.5 : cap >= 100e9 ? 25 : cap >= 10e9 ? 20 : cap >= 2e9 ? 12 : 5;
  const margin = metrics.netMargin;
  const profitability = margin === null ? 12.5 : margin >= 0.2 ? 25 : margin >= 0.1 ? 18 : margin > 0 ? 10 : 0;
  const parts = { valuation, income, size, profitability };
  return { score: Math.round(valuation + income + size + profitability), parts };
}

/**
 * Stage 20: the basic figures as the page shows them (dividend yield in percent), their score,
 * the price's date and age at `now`, and the sector and industry in Traditional Chinese.
 */
export function basicInfo(data: MarketData, now: Date = new Date()): BasicInfo {
  return {
    symbol: data.symbol,
    companyName: data.companyName,
    companyNameZh: data.companyNameZh,
    industry: data.industry,
    sector: data.sector,
    currency: data.currency,
    currentPrice: data.price,
    change: data.change,
    changePercent: data.changePercent,
    marketCap: data.marketCap,
    volume: data.volume,
    peRatio: data.peRatio,
    dividendYield: data.dividendYield === null ? null : round(data.dividendYield * 100, 2),
    high52Week: data.high52Week,
    low52Week: data.low52Week,
    score: basicScore(data).score,
    priceAsOf: data.price === null ? null : data.asOf,
    priceAgeDays: data.price === null ? null : priceTiming(data.asOf, now).ageDays,
    sectorZh: sectorText(data.sector),
    industryZh: industryText(data.industry),
  };
}

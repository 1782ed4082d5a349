import type { MarketData, SectorMedians } from '../market-data/types';

/**
 * Figures for the report engine's tests: a profitable US dividend payer chosen so every
 * model applies and the arithmetic can be followed by hand (ROE 25 %, payout 50 %,
 * sustainable growth 12.5 %, beta 1.2 → discount rate 10.3 %).
 */
export function steadyCompany(overrides: Partial<MarketData> = {}): MarketData {
  return {
    symbol: 'STDY',
    market: 'US',
    companyName: 'Steady Industries Inc.',
    companyNameZh: '穩定工業',
    sector: 'Industrials',
    industry: 'Specialty Industrial Machinery',
    currency: 'USD',
    reportingCurrency: 'USD',
    price: 85,
    change: 0.85,
    changePercent: 1.01,
    marketCap: 85e9,
    volume: 1_200_000,
    sharesOutstanding: 1e9,
    peRatio: 17,
    eps: 5,
    dividendPerShare: 2.5,
    dividendYield: 2.5 / 85,
    high52Week: 92,
    low52Week: 60,
    bookValuePerShare: 20,
    revenue: 25e9,
    netIncome: 5e9,
    freeCashFlow: 6e9,
    ebitda: 9e9,
    totalDebt: 10e9,
    cash: 4e9,
    beta: 1.2,
    asOf: '2026-11-20',
    source: 'snapshot',
    notes: [],
    ...overrides,
  };
}

export const industrialsMedians: SectorMedians = {
  market: 'US',
  sector: 'Industrials',
  count: 10,
  pe: 20,
  peCount: 10,
  evToEbitda: 12,
  evToEbitdaCount: 8,
  pb: 4,
  pbCount: 9,
};

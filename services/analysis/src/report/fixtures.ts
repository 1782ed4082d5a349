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

/** A US peer with its multiples; EV/Sales 1.1 × its price/sales. */
export const peer = (
  symbol: string,
  marketCap: number,
  pe: number,
  evToEbitda: number,
  pb: number,
  ps: number,
  industry = 'Specialty Industrial Machinery',
) => ({
  symbol,
  name: `${symbol} Corp.`,
  industry,
  currency: 'USD',
  marketCap,
  pe,
  pb,
  evToEbitda,
  evToSales: ps * 1.1,
  ps,
});

/**
 * Seven peers in the sector: six of the stock's industry (P/E 16–30, EV/EBITDA 10–15) and one
 * of another (far off, never chosen while the industry has three).
 */
export const industrialsMedians: SectorMedians = {
  market: 'US',
  sector: 'Industrials',
  count: 7,
  pe: 20,
  peCount: 7,
  evToEbitda: 12,
  evToEbitdaCount: 7,
  pb: 4,
  pbCount: 7,
  peers: [
    peer('PA', 90e9, 16, 10, 3, 2),
    peer('PB', 70e9, 18, 11, 3.5, 2.5),
    peer('PC', 120e9, 20, 12, 4, 3),
    peer('PD', 50e9, 22, 13, 4.5, 3.5),
    peer('PE', 200e9, 24, 14, 5, 4),
    peer('PF', 30e9, 30, 15, 6, 5),
    peer('AIR', 85e9, 60, 40, 20, 10, 'Passenger Airlines'),
  ],
};

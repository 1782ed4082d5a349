/**
 * What the analysis pipeline knows about one stock at one moment, whichever provider
 * (the bundled snapshot or Yahoo Finance) supplied it. Every amount is in `currency` (the
 * trading currency): a provider converts reporting-currency figures and says so in `notes`.
 * A figure the source does not have is `null`, never a guess.
 */
export type Market = 'HK' | 'US';

export interface MarketData {
  symbol: string;
  market: Market;
  companyName: string;
  /** Traditional Chinese name where known. */
  companyNameZh: string | null;
  sector: string | null;
  industry: string | null;
  /** ISO 4217 trading currency (HKD, USD); every amount below is in it. */
  currency: string;
  /** The currency the company reports in, before conversion (CNY for many HK listings). */
  reportingCurrency: string | null;

  price: number | null;
  change: number | null;
  changePercent: number | null;
  marketCap: number | null;
  volume: number | null;
  sharesOutstanding: number | null;
  peRatio: number | null;
  eps: number | null;
  dividendPerShare: number | null;
  /** A fraction: 0.0085 is 0.85 %. */
  dividendYield: number | null;
  high52Week: number | null;
  low52Week: number | null;
  bookValuePerShare: number | null;
  revenue: number | null;
  netIncome: number | null;
  freeCashFlow: number | null;
  ebitda: number | null;
  totalDebt: number | null;
  cash: number | null;
  beta: number | null;

  /**
   * The statements of several fiscal years, oldest first, converted like the figures above
   * (Yahoo); absent where the provider has only the latest figures (the snapshot).
   */
  fiscalYears?: FiscalYear[];
  /**
   * Daily prices the provider fetched: weekly closes for the chart, β and volatility against
   * the market index; absent when the provider has none (the bundled tables serve instead).
   */
  priceHistory?: PriceHistory | null;
  /**
   * Figures two sources gave differently: which was taken and which left, by the rule of
   * data/market/SOURCES.md (the compiled Hang Seng statements); absent when none disagree.
   */
  sourceConflicts?: string[];

  /** The date the price is as of (ISO date); reports say "as of" it. */
  asOf: string | null;
  /** Where the figures came from. */
  source: 'snapshot' | 'yahoo';
  /** Human-readable provenance and caveats in Traditional Chinese (conversions, fallbacks, derived fields). */
  notes: string[];
}

/** One fiscal year of statements; amounts in the trading currency, null where the source has none. */
export interface FiscalYear {
  /** The last day of the fiscal year (ISO date). */
  end: string;
  revenue: number | null;
  netIncome: number | null;
  ebitda: number | null;
  operatingCashFlow: number | null;
  /** Capital expenditure as the amount spent (positive). */
  capitalExpenditure: number | null;
  freeCashFlow: number | null;
  totalDebt: number | null;
  cash: number | null;
  equity: number | null;
  shares: number | null;
}

/** β and volatility of one stock's daily returns against its market's index over a named window. */
export interface PriceStatsFigures {
  from: string;
  to: string;
  observations: number;
  betaRaw: number;
  betaSe: number;
  betaBlume: number;
  /**
   * The returns β was regressed on: daily (Yahoo's history, the bundled US statistics) or
   * weekly (the bundled Hong Kong bars, 104 weeks). `observations` counts days or weeks.
   */
  interval: 'daily' | 'weekly';
  /** Annualised standard deviation of daily log returns (√252). */
  volatility: number;
  /** The index regressed on, named for `explain`. */
  market: string;
}

export interface PriceHistory {
  /** The last close of each week, oldest first (at most 260). */
  weekly: Array<{ date: string; close: number }>;
  from: string;
  to: string;
  /** What the closes are and where they came from, in Traditional Chinese. */
  source: string;
  /** Null when the index could not be had or overlaps too few days. */
  stats: PriceStatsFigures | null;
}

export interface MarketDataProvider {
  readonly name: 'snapshot' | 'yahoo';
  /** The figures of a known, normalised symbol; throws only when nothing at all can be had. */
  fetch(symbol: string): Promise<MarketData>;
}

/**
 * Medians of the bundled universe's analysable stocks in one market and sector (the stock
 * being valued left out), for relative valuation. Each multiple counts only the peers with a
 * positive value of it, and says how many: a median over two peers says little.
 */
export interface SectorMedians {
  market: Market;
  sector: string;
  /** Peers in the market and sector with figures (the stock itself excluded). */
  count: number;
  pe: number | null;
  peCount: number;
  evToEbitda: number | null;
  evToEbitdaCount: number;
  pb: number | null;
  pbCount: number;
  /** Every peer of the group with its own figures (absent in figures cached before peers were named). */
  peers?: PeerFigures[];
}

/** One peer's multiples, as the relative models compare with them. */
export interface PeerFigures {
  symbol: string;
  name: string;
  industry: string | null;
  currency: string;
  marketCap: number | null;
  pe: number | null;
  pb: number | null;
  evToEbitda: number | null;
  /** Enterprise value ÷ revenue; null when debt, cash or revenue is unknown. */
  evToSales: number | null;
  /** Price ÷ sales per share (market cap ÷ revenue): stands in for EV/Sales where debt and cash are unknown. */
  ps: number | null;
  /** The date of the price its multiples are computed at: a peer priced on another day than the stock says so. */
  asOf?: string | null;
}

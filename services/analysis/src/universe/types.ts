import type { FiscalYear, Market, MarketData, PriceHistory } from '../market-data/types';
import type { ListingFacts, StockStatus } from './classify';
import type { CheckResult } from './validate';

export type { StockStatus } from './classify';

/** A stock of the universe as the API shows it. */
export interface Stock {
  symbol: string;
  name: string;
  /** Traditional Chinese name where a source gives one. */
  nameZh: string | null;
  market: Market;
  exchange: string | null;
  sector: string | null;
  industry: string | null;
  /** The sector in Traditional Chinese (null when unknown or untranslated). */
  sectorZh: string | null;
  /** The industry in Traditional Chinese (null when unknown or untranslated). */
  industryZh: string | null;
  status: StockStatus;
  /** Why it cannot be analysed (Traditional Chinese); null when active. */
  reason: string | null;
  /** Whether the bundled data holds its price and core figures (suggestions mark those without). */
  hasFigures?: boolean;
}

/** The compact entry of the autocomplete list. */
export interface StockSummary {
  symbol: string;
  name: string;
  nameZh: string | null;
  market: Market;
}

export interface StockStatusAnswer {
  symbol: string;
  isActive: boolean;
  /** The listing's status, or `no_data` for an active listing whose price or core figures the market data lacks. */
  status: StockStatus | 'no_data';
  reason: string | null;
}

/** The figures the bundle holds that MarketData carries as they are. */
type BundledFigures = Pick<
  MarketData,
  | 'symbol'
  | 'currency'
  | 'reportingCurrency'
  | 'price'
  | 'marketCap'
  | 'sharesOutstanding'
  | 'peRatio'
  | 'eps'
  | 'dividendPerShare'
  | 'dividendYield'
  | 'high52Week'
  | 'low52Week'
  | 'bookValuePerShare'
  | 'revenue'
  | 'netIncome'
  | 'freeCashFlow'
  | 'ebitda'
  | 'totalDebt'
  | 'cash'
  | 'beta'
  | 'notes'
>;

/**
 * One stock's bundled figures, every amount in `currency` (the trading currency), converted
 * where the source gave another and said so in `notes`. Null where the source has nothing.
 * The MarketData fields, plus the ratios the sector medians are taken over.
 */
export interface Fundamentals extends BundledFigures {
  priceToBook: number | null;
  priceToSales: number | null;
  /** The date of the price (ISO date, or year-month when the source gives only that). */
  asOf: string | null;
  /** Where the figures come from (file and, for Hong Kong, the pages the row cites). */
  source: string;
  /** The statements of several fiscal years, oldest first, in `currency` (the compiled Hang Seng statements); absent otherwise. */
  fiscalYears?: FiscalYear[] | null;
  /** Weekly closes to the price date with β and volatility (the bundled HK daily and weekly bars); absent otherwise. */
  priceHistory?: PriceHistory | null;
  /** Figures two sources gave differently, with the one taken and the one left (the rule of data/market/SOURCES.md). */
  sourceConflicts?: string[] | null;
}

/** A stock as the loader builds it from the bundled files: the row, plus the facts behind its status. */
export interface ListingRecord extends Omit<Stock, 'sectorZh' | 'industryZh'> {
  facts: ListingFacts;
  /** The bundled files that mention the stock. */
  sources: string[];
}

/** The whole universe built from the bundled files. */
export interface UniverseData {
  listings: ListingRecord[];
  fundamentals: Fundamentals[];
  /** The checks each compiled company went through before its figures counted (validate.ts). */
  checks: CheckResult[];
}

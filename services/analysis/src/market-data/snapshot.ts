import type { Fundamentals, Stock } from '../universe/types';
import type { MarketData, MarketDataProvider } from './types';

/** What the snapshot needs from the universe. */
export interface SnapshotSource {
  find(symbol: string): Promise<Stock | null>;
  fundamentals(symbol: string): Promise<Fundamentals | null>;
}

const TRADING_CURRENCY = { HK: 'HKD', US: 'USD' } as const;

/** What the market data repeats of a stock's listing (a loader's record or a stock the API answers). */
type ListingBasics = Pick<Stock, 'symbol' | 'market' | 'name' | 'nameZh' | 'sector' | 'industry'>;

/** The market data of a stock from the bundled snapshot: figures as of their source date, never live. */
export function toMarketData(stock: ListingBasics, figures: Fundamentals | null): MarketData {
  const notes = figures
    ? [`數據來自內置離線快照（截至 ${figures.asOf ?? '不詳'}），並非即時報價；沒有當日升跌及成交量。`, ...figures.notes]
    : ['離線快照中沒有此股票的價格及財務數據，只有代碼、名稱及分類。'];
  return {
    symbol: stock.symbol,
    market: stock.market,
    companyName: stock.name,
    companyNameZh: stock.nameZh,
    sector: stock.sector,
    industry: stock.industry,
    currency: figures?.currency ?? TRADING_CURRENCY[stock.market],
    reportingCurrency: figures?.reportingCurrency ?? null,
    price: figures?.price ?? null,
    change: null,
    changePercent: null,
    marketCap: figures?.marketCap ?? null,
    volume: null,
    sharesOutstanding: figures?.sharesOutstanding ?? null,
    peRatio: figures?.peRatio ?? null,
    eps: figures?.eps ?? null,
    dividendPerShare: figures?.dividendPerShare ?? null,
    dividendYield: figures?.dividendYield ?? null,
    high52Week: figures?.high52Week ?? null,
    low52Week: figures?.low52Week ?? null,
    bookValuePerShare: figures?.bookValuePerShare ?? null,
    revenue: figures?.revenue ?? null,
    netIncome: figures?.netIncome ?? null,
    freeCashFlow: figures?.freeCashFlow ?? null,
    ebitda: figures?.ebitda ?? null,
    totalDebt: figures?.totalDebt ?? null,
    cash: figures?.cash ?? null,
    beta: figures?.beta ?? null,
    // The compiled Hang Seng statements and daily bars: several fiscal years and a history to the price date.
    ...(figures?.fiscalYears?.length ? { fiscalYears: figures.fiscalYears } : {}),
    ...(figures?.priceHistory ? { priceHistory: figures.priceHistory } : {}),
    ...(figures?.sourceConflicts?.length ? { sourceConflicts: figures.sourceConflicts } : {}),
    asOf: figures?.asOf ?? null,
    source: 'snapshot',
    notes,
  };
}

/** The embedded provider: the bundled universe and its figures (the default). */
export function snapshotProvider(source: SnapshotSource): MarketDataProvider {
  return {
    name: 'snapshot',
    async fetch(symbol) {
      const stock = await source.find(symbol);
      if (!stock) throw new Error(`Unknown symbol ${symbol}: not in the stock universe`);
      return toMarketData(stock, await source.fundamentals(stock.symbol));
    },
  };
}

export { normaliseSymbol, marketOf } from './symbols';
export { classifyListing, STOCK_STATUSES, type Classification, type ListingFacts, type StockStatus } from './classify';
export { createUniverse, type Universe, type UniverseOptions } from './service';
export { stocksRoutes } from './routes';
export { loadUniverse, type LoadResult } from './loader';
export type { Fundamentals, Stock, StockStatusAnswer, StockSummary } from './types';

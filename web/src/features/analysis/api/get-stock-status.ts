import { apiClient } from '@/lib/api-client';
import type { StockStatus } from '../types/stock';

/** GET stocks/status/{symbol}: runs before every analysis (spec section 4, step 2). */
export function getStockStatus(symbol: string, signal?: AbortSignal): Promise<StockStatus> {
  return apiClient.get(`stocks/status/${encodeURIComponent(symbol)}`, (s) => s.stockStatusResponse, { signal });
}

import { apiClient } from '@/lib/api-client';
import type { StockStatus } from '../types/stock';

export function parseStockStatus(raw: unknown, symbol: string): StockStatus {
  const data = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  return {
    symbol: typeof data.symbol === 'string' ? data.symbol : symbol,
    isActive: data.isActive !== false,
    status: typeof data.status === 'string' ? data.status : 'active',
    reason: typeof data.reason === 'string' && data.reason ? data.reason : null,
  };
}

/** GET stocks/status/{symbol}: runs before every analysis (spec section 4, step 2). */
export async function getStockStatus(symbol: string, signal?: AbortSignal): Promise<StockStatus> {
  const raw = await apiClient.get<unknown>(`stocks/status/${encodeURIComponent(symbol)}`, { signal });
  return parseStockStatus(raw, symbol);
}

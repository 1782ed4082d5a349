import { useEffect, useState } from 'react';
import { apiClient } from '@/lib/api-client';
import type { StockListing } from '../types/stock';

function parseListing(raw: unknown): StockListing | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const { symbol, name, nameZh, market } = raw as Record<string, unknown>;
  if (typeof symbol !== 'string' || !symbol) return null;
  return {
    symbol,
    name: typeof name === 'string' ? name : symbol,
    nameZh: typeof nameZh === 'string' && nameZh ? nameZh : null,
    market: typeof market === 'string' ? market : '',
  };
}

/** GET stocks answers a bare array or `{ stocks: [...] }`; both are read. */
export function parseStockList(raw: unknown): StockListing[] {
  const list = Array.isArray(raw) ? raw : (raw as { stocks?: unknown } | null)?.stocks;
  if (!Array.isArray(list)) return [];
  return list.map(parseListing).filter((stock): stock is StockListing => stock !== null);
}

export async function getStocks(): Promise<StockListing[]> {
  return parseStockList(await apiClient.get<unknown>('stocks'));
}

// One download per page load: the list is the same for every screen and changes rarely
// (the server adds ETag/Cache-Control for the next load).
let shared: Promise<StockListing[]> | null = null;

function loadOnce(): Promise<StockListing[]> {
  shared ??= getStocks().catch((error: unknown) => {
    shared = null;
    throw error;
  });
  return shared;
}

/**
 * The stock list for autocomplete and validity; null while loading or when it could not be
 * had, in which case every symbol counts as valid and the server decides (spec section 5).
 */
export function useStockList(): StockListing[] | null {
  const [stocks, setStocks] = useState<StockListing[] | null>(null);
  useEffect(() => {
    let live = true;
    loadOnce().then(
      (list) => live && setStocks(list),
      (error: unknown) => console.error('Failed to load the stock list', error),
    );
    return () => {
      live = false;
    };
  }, []);
  return stocks;
}

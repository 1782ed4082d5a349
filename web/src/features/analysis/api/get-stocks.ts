import { useQuery } from '@tanstack/react-query';
import { usePageSettled } from '@/hooks/use-page-settled';
import { apiClient, firstScreen } from '@/lib/api-client';
import type { StockListing } from '../types/stock';

export function getStocks(signal?: AbortSignal): Promise<StockListing[]> {
  return apiClient.get(
    'stocks',
    firstScreen((s) => s.stockListResponse),
    { signal },
  );
}

/**
 * The stock list for autocomplete and validity; null while loading or when it could not be
 * had, in which case every symbol counts as valid and the server decides (spec section 5).
 * One download per page load: the list is the same for every screen and changes rarely
 * (the server adds ETag/Cache-Control for the next load), asked for once the page has painted:
 * it is larger than the page's own scripts and nothing on the first screen needs it.
 */
export function useStockList(): StockListing[] | null {
  const settled = usePageSettled();
  const { data } = useQuery({
    queryKey: ['stocks'],
    queryFn: ({ signal }) => getStocks(signal),
    staleTime: Infinity,
    enabled: settled,
  });
  return data ?? null;
}

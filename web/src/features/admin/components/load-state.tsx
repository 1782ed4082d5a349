import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryFallback } from '@/components/ui/query-state/query-state';

/** A list's loading and failure states (spec section 8 names the failure text of each). */
export function LoadState<T>({ query, failure, children }: { query: UseQueryResult<T>; failure: string; children(data: T): ReactNode }) {
  if (!query.isSuccess) return <QueryFallback query={query} loading="Loading..." failed={failure} />;
  return <>{children(query.data)}</>;
}

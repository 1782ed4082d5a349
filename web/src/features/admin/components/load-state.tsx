import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Spinner } from '@/components/ui/spinner/spinner';

/** A list's loading and failure states (spec section 8 names the failure text of each). */
export function LoadState<T>({ query, failure, children }: { query: UseQueryResult<T>; failure: string; children(data: T): ReactNode }) {
  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError)
    return (
      <p className="form-error" role="alert">
        {failure}
      </p>
    );
  return <>{children(query.data)}</>;
}

import type { ReactElement } from 'react';
import { Spinner } from '../spinner/spinner';

/**
 * What a panel shows instead of its data while the query loads (a spinner with `loading`) or
 * after it failed (the form-error alert with `failed`). Render it for any query that has not
 * succeeded; TanStack Query's `isSuccess` then narrows the data for the rest of the component:
 *   if (!payments.isSuccess) return <QueryFallback query={payments} loading={…} failed={…} />;
 * `loading` may be an element where a screen shows something other than a spinner.
 */
export function QueryFallback({
  query,
  loading,
  failed,
}: {
  query: { isPending: boolean };
  loading: string | ReactElement;
  failed: string;
}) {
  if (query.isPending) return typeof loading === 'string' ? <Spinner label={loading} /> : loading;
  return (
    <p className="form-error" role="alert">
      {failed}
    </p>
  );
}

import { useCache, useClearCache } from '../../api/analysis-admin';
import { messageOf } from '../../utils/errors';
import { AdminTable } from '../admin-table';
import { FlashMessage, useFlash } from '../flash';
import { LoadState } from '../load-state';

/** Spec section 2, Cache: statistics and entries; clear all or one symbol. */
export function CacheTab() {
  const cache = useCache();
  const clear = useClearCache();
  const { flash, show } = useFlash();
  const run = (symbol: string | null) => {
    if (!window.confirm(symbol ? `Clear the cache of ${symbol}?` : 'Clear the whole cache?')) return;
    clear.mutate(symbol, {
      onSuccess: () => show('success', symbol ? `Cache cleared for ${symbol}` : 'Cache cleared'),
      onError: (e) => show('error', messageOf(e, 'Failed to clear cache')),
    });
  };
  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <FlashMessage flash={flash} />
      <LoadState query={cache} failure="Failed to load cache statistics">
        {(data) => (
          <>
            <dl className="admin-facts admin-card">
              <div>
                <dt>Total entries</dt>
                <dd>{data.totalEntries}</dd>
              </div>
              <div>
                <dt>Valid entries</dt>
                <dd>{data.validEntries}</dd>
              </div>
              <div>
                <dt>Expired entries</dt>
                <dd>{data.expiredEntries}</dd>
              </div>
            </dl>
            <div className="admin-toolbar">
              <button
                type="button"
                className="btn btn--primary"
                disabled={clear.isPending || data.totalEntries === 0}
                onClick={() => run(null)}
              >
                Clear all
              </button>
            </div>
            <AdminTable testId="cache-table" headers={['Symbol', 'Age (hours)', 'Status', 'Actions']}>
              {data.entries.map((entry) => (
                <tr key={entry.symbol}>
                  <td>{entry.symbol}</td>
                  <td>{entry.ageHours}</td>
                  <td>{entry.isExpired ? 'Expired' : 'Valid'}</td>
                  <td>
                    <button type="button" className="btn btn--ghost" disabled={clear.isPending} onClick={() => run(entry.symbol)}>
                      Clear
                    </button>
                  </td>
                </tr>
              ))}
            </AdminTable>
          </>
        )}
      </LoadState>
    </div>
  );
}

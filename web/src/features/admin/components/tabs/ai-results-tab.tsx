import { useState } from 'react';
import { Modal } from '@/components/ui/modal/modal';
import { useAiDiagnostic, useAiResult, useAiResults, useAiStats, useAiTestSave, useDeleteAiResult } from '../../api/analysis-admin';
import { messageOf } from '../../utils/errors';
import { formatDateTime } from '../../utils/format';
import { AdminTable } from '../admin-table';
import { FlashMessage, useFlash } from '../flash';
import { ItemActions } from '../item-actions';
import { Pagination } from '../pagination';
import { QueryFallback } from '@/components/ui/query-state/query-state';
import { FormMessage } from '@/components/ui/form-message/form-message';

/** Spec section 9: the daily stats cover 7 days, 3 rows shown. */
const DAILY_ROWS = 3;

function ResultDetail({ id }: { id: string }) {
  const result = useAiResult(id);
  if (!result.isSuccess) return <QueryFallback query={result} loading={<p>Loading...</p>} failed="Failed to load Perplexity result" />;
  const r = result.data;
  return (
    <div className="admin-detail" data-testid="ai-result-detail">
      <p>
        {r.symbol} · {r.market ?? '—'} · {r.currency ?? '—'} · {formatDateTime(r.request_date)}
      </p>
      {r.token_usage && (
        <p className="admin-muted">
          Tokens: {r.token_usage.prompt_tokens} prompt + {r.token_usage.completion_tokens} completion = {r.token_usage.total_tokens}
        </p>
      )}
      {(r.full_conversation ?? []).map((message, index) => (
        <section key={index} className="admin-message">
          <h4>{message.role}</h4>
          <pre>{message.content}</pre>
        </section>
      ))}
    </div>
  );
}

/** Spec section 2, Perplexity Results: stored AI exchanges, their stats, a diagnostic and a test-save. */
export function AiResultsTab() {
  const [page, setPage] = useState(1);
  const [opened, setOpened] = useState<string | null>(null);
  const results = useAiResults(page);
  const stats = useAiStats();
  const remove = useDeleteAiResult();
  const diagnostic = useAiDiagnostic();
  const testSave = useAiTestSave();
  const { flash, show } = useFlash();

  const onDelete = (id: string) => {
    if (!window.confirm('Delete this result?')) return;
    remove.mutate(id, { onError: (e) => show('error', messageOf(e, 'Failed to delete Perplexity result')) });
  };

  // A failed load of the list reads as an empty list (spec section 8).
  const list = results.data ?? { results: [], page: 1, totalPages: 1, totalCount: 0 };

  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <FlashMessage flash={flash} />
      <section className="admin-card" data-testid="ai-stats">
        <h3>Statistics</h3>
        {stats.isError && <FormMessage>Failed to load Perplexity statistics</FormMessage>}
        {stats.data && (
          <>
            <dl className="admin-facts">
              <div>
                <dt>Total requests</dt>
                <dd>{stats.data.total.total_requests}</dd>
              </div>
              <div>
                <dt>Unique symbols</dt>
                <dd>{stats.data.total.unique_symbols}</dd>
              </div>
              <div>
                <dt>Unique users</dt>
                <dd>{stats.data.total.unique_users}</dd>
              </div>
            </dl>
            <ul className="admin-list">
              {stats.data.daily.slice(0, DAILY_ROWS).map((day) => (
                <li key={day.date}>
                  {day.date}: {day.daily_count}
                </li>
              ))}
            </ul>
          </>
        )}
      </section>
      <div className="admin-toolbar">
        <button type="button" className="btn btn--secondary" disabled={diagnostic.isPending} onClick={() => diagnostic.mutate()}>
          Run diagnostic
        </button>
        <button type="button" className="btn btn--secondary" disabled={testSave.isPending} onClick={() => testSave.mutate()}>
          Test save
        </button>
      </div>
      {diagnostic.data && (
        <p className="admin-muted" data-testid="ai-diagnostic">
          Database: {diagnostic.data.database} · exists: {String(diagnostic.data.exists)} · size: {diagnostic.data.size} bytes · records:{' '}
          {diagnostic.data.recordsTotal}
        </p>
      )}
      {testSave.data && <p data-testid="ai-test-save">Verification: {testSave.data.verification === 'SUCCESS' ? 'SUCCESS' : 'FAILED'}</p>}
      <AdminTable testId="ai-results-table" headers={['Date', 'Symbol', 'Market', 'Preview', 'Actions']}>
        {list.results.map((r) => (
          <tr key={r.id}>
            <td>{formatDateTime(r.request_date)}</td>
            <td>{r.symbol}</td>
            <td>{r.market ?? '—'}</td>
            <td className="admin-table__preview">{r.response_preview ?? ''}</td>
            <ItemActions in="row" openLabel="View" onOpen={() => setOpened(r.id)} onDelete={() => onDelete(r.id)} />
          </tr>
        ))}
      </AdminTable>
      <Pagination page={list.page} pages={list.totalPages} total={list.totalCount} onPage={setPage} />
      <Modal open={opened !== null} onClose={() => setOpened(null)} title="Perplexity result">
        {opened && <ResultDetail id={opened} />}
      </Modal>
    </div>
  );
}

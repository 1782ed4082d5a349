import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useAnalysisHistory, type HistoryStatusFilter } from '../../api/get-analysis-history';
import type { AnalysisRecord } from '../../types/analysis';
import { HistoryDetailModal } from './history-detail-modal';
import { HistoryFilters } from './history-filters';
import { HistoryList } from './history-list';
import { HistoryPagination } from './history-pagination';
import './history.css';

/**
 * The history page's content for a signed-in user (spec section 2): filters, ten analyses a
 * page, and a detail modal. Changing a filter goes back to page 1. `rowActions` is what the
 * page adds to each row.
 */
export function AnalysisHistory({ rowActions }: { rowActions?(record: AnalysisRecord): ReactNode }) {
  const { t } = useTranslation();
  const [query, setQuery] = useState<{ page: number; status: HistoryStatusFilter; symbol: string }>({ page: 1, status: '', symbol: '' });
  const [opened, setOpened] = useState<AnalysisRecord | null>(null);
  const history = useAnalysisHistory(query);

  let content;
  if (history.isPending) {
    content = <Spinner label={t('common.loading')} />;
  } else if (history.isError) {
    content = (
      <div className="ui-stack ui-stack--3 history-message history-message--error" role="alert">
        <p>{t('history.loadFailed')}</p>
        <button type="button" className="btn btn--secondary" onClick={() => void history.refetch()}>
          {t('history.retry')}
        </button>
      </div>
    );
  } else if (history.data.analyses.length === 0) {
    content = <p className="ui-stack ui-stack--3 history-message">{t('history.empty')}</p>;
  } else {
    content = (
      <>
        <p className="history-total">{t('history.total', { total: history.data.total })}</p>
        <HistoryList analyses={history.data.analyses} onOpen={setOpened} rowActions={rowActions} />
        <HistoryPagination
          page={query.page}
          totalPages={history.data.totalPages}
          onPage={(page) => setQuery((current) => ({ ...current, page }))}
        />
      </>
    );
  }

  return (
    <section className="card history" aria-labelledby="history-title">
      <h1 className="page__title" id="history-title">
        {t('history.title')}
      </h1>
      <HistoryFilters
        status={query.status}
        symbol={query.symbol}
        onChange={({ status, symbol }) => setQuery({ page: 1, status, symbol })}
      />
      {content}
      <HistoryDetailModal record={opened} onClose={() => setOpened(null)} />
    </section>
  );
}

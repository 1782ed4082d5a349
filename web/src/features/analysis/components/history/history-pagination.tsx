import { useTranslation } from 'react-i18next';

interface HistoryPaginationProps {
  page: number;
  totalPages: number;
  onPage(page: number): void;
}

export function HistoryPagination({ page, totalPages, onPage }: HistoryPaginationProps) {
  const { t } = useTranslation();
  if (totalPages <= 1) return null;
  return (
    <nav className="history-pagination" aria-label={t('history.pagination.label')}>
      <button type="button" className="btn btn--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('history.pagination.previous')}
      </button>
      <span className="history-pagination__current" aria-current="page">
        {t('history.pagination.page', { page, totalPages })}
      </span>
      <button type="button" className="btn btn--secondary" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t('history.pagination.next')}
      </button>
    </nav>
  );
}

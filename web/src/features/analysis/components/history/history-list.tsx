import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisRecord } from '../../types/analysis';
import { formatDateTime } from '../../utils/format';
import { AnalysisStatusBadge } from './analysis-status-badge';

interface HistoryListProps {
  analyses: AnalysisRecord[];
  onOpen(record: AnalysisRecord): void;
  /** What the page adds to a row beside its detail button (the watchlist toggle). */
  rowActions?(record: AnalysisRecord): ReactNode;
}

export function HistoryList({ analyses, onOpen, rowActions }: HistoryListProps) {
  const { t } = useTranslation();
  return (
    <ul className="history-list" data-testid="history-list">
      {analyses.map((record) => (
        <li key={record.id} className="history-list__item">
          <div className="history-list__main">
            <span className="history-list__symbol">{record.symbol}</span>
            <AnalysisStatusBadge status={record.status} />
          </div>
          <div className="history-list__meta">
            <span>{t('history.createdAt', { date: formatDateTime(record.createdAt) })}</span>
            {record.status === 'processing' && <span>{t('history.progress', { progress: Math.round(record.progress) })}</span>}
          </div>
          <div className="ui-wrap history-list__actions">
            {rowActions?.(record)}
            <button type="button" className="btn btn--ghost" onClick={() => onOpen(record)}>
              {t('history.viewDetail')}
              <span className="visually-hidden"> {record.symbol}</span>
            </button>
          </div>
        </li>
      ))}
    </ul>
  );
}

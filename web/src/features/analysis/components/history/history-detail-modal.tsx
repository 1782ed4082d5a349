import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/ui/modal/modal';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useAnalysis } from '../../api/get-analysis';
import { isFailed, type AnalysisRecord } from '../../types/analysis';
import { formatDateTime } from '../../utils/format';
import { AnalysisReport } from '../results/analysis-report';
import { AnalysisStatusBadge } from './analysis-status-badge';
import './history.css';

interface HistoryDetailModalProps {
  /** The row that was opened; its full record (with the report) is read when the modal opens. */
  record: AnalysisRecord | null;
  onClose(): void;
}

/** One past analysis: its report, or under 錯誤資訊 what went wrong (spec section 2). */
export function HistoryDetailModal({ record, onClose }: HistoryDetailModalProps) {
  const { t } = useTranslation();
  // A history row comes without its report: a completed one is read in full when opened.
  const needsReport = record !== null && !record.results && record.status === 'completed';
  const loaded = useAnalysis(needsReport ? record.id : null);
  const full = needsReport ? (loaded.data ?? null) : record;
  const loadFailed = needsReport && loaded.isError;

  const shown = full ?? record;
  let body;
  if (!shown) {
    body = null;
  } else if (loadFailed) {
    body = <p className="form-error">{t('history.detail.loadFailed')}</p>;
  } else if (isFailed(shown)) {
    body = (
      <div className="history-detail__error" role="alert">
        <h3>{t('history.detail.errorTitle')}</h3>
        <p>{shown.error ?? t('analysis.errors.failed')}</p>
      </div>
    );
  } else if (shown.status === 'processing') {
    body = <p>{t('history.detail.processing', { progress: Math.round(shown.progress) })}</p>;
  } else if (!full) {
    body = <Spinner label={t('common.loading')} />;
  } else if (full.results) {
    body = <AnalysisReport results={full.results} />;
  } else {
    body = <p>{t('history.detail.noResults')}</p>;
  }

  return (
    <Modal open={record !== null} onClose={onClose} title={t('history.detail.title', { symbol: record?.symbol ?? '' })}>
      {shown && (
        <div className="ui-stack history-detail" data-testid="history-detail">
          <dl className="history-detail__meta">
            <div>
              <dt>{t('history.detail.status')}</dt>
              <dd>
                <AnalysisStatusBadge status={shown.status} />
              </dd>
            </div>
            <div>
              <dt>{t('history.detail.createdAt')}</dt>
              <dd>{formatDateTime(shown.createdAt)}</dd>
            </div>
            <div>
              <dt>{t('history.detail.completedAt')}</dt>
              <dd>{formatDateTime(shown.completedAt)}</dd>
            </div>
          </dl>
          {body}
        </div>
      )}
    </Modal>
  );
}

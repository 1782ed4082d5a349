import { useTranslation } from 'react-i18next';
import type { AnalysisStatus } from '../../types/analysis';

export function AnalysisStatusBadge({ status }: { status: AnalysisStatus }) {
  const { t } = useTranslation();
  const shown = status === 'error' ? 'failed' : status;
  return <span className={`status-badge status-badge--${shown}`}>{t(`history.status.${shown}`)}</span>;
}

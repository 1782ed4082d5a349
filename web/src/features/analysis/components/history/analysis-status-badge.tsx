import { useTranslation } from 'react-i18next';
import type { AnalysisStatus } from '../../types/analysis';

export function AnalysisStatusBadge({ status }: { status: AnalysisStatus }) {
  const { t } = useTranslation();
  return <span className={`status-badge status-badge--${status}`}>{t(`history.status.${status}`)}</span>;
}

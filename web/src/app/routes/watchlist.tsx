import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { WatchlistPage } from '@/features/watchlist/components/watchlist-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import type { AnalyseRequest } from './main';

/**
 * The watchlist (issue 29). 重新分析, once confirmed, goes to the main page, which runs its own
 * analysis flow for the stock (one credit, its Idempotency-Key, the progress overlay, the
 * purchase modal when out of credits) and shows the new report where reports are read. The
 * flow's code stays in the main page's chunk: importing it here as well made the bundler split
 * it into a chunk of its own on the first screen (+2 KB gzip, bench:initial-js).
 */
export function WatchlistRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('watchlist.title'));
  const navigate = useNavigate();
  const reanalyse = (symbol: string) => {
    const state: AnalyseRequest = { analyse: symbol };
    navigate('/', { state });
  };
  return (
    <div className="page">
      <WatchlistPage onReanalyse={reanalyse} />
    </div>
  );
}

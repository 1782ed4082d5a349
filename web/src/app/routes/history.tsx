import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { Spinner } from '@/components/ui/spinner/spinner';
import { AnalysisHistory } from '@/features/analysis/components/history/analysis-history';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useBilling } from '@/features/billing/hooks/use-billing';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** The history page (spec section 2); visitors see why it is empty and a way to log in. */
export function HistoryRoute() {
  const { t } = useTranslation();
  const { status, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { openPurchase } = useBilling();
  useDocumentTitle(t('history.title'));

  let content;
  if (status === 'checking') {
    content = <Spinner label={t('auth.checkingSession')} />;
  } else if (!isAuthenticated) {
    content = (
      <PagePlaceholder title={t('history.loginRequiredTitle')} description={t('history.loginRequired')}>
        <button type="button" className="btn btn--primary btn--lg" onClick={() => navigate('/login', { state: { from: location } })}>
          {t('history.loginButton')}
        </button>
      </PagePlaceholder>
    );
  } else {
    content = (
      <AnalysisHistory
        rowActions={(record) => <WatchlistToggle symbol={record.symbol} onUpgrade={() => openPurchase({ tab: 'plans' })} />}
      />
    );
  }

  return <div className="page">{content}</div>;
}

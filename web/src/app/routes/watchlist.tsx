import { lazy, Suspense, useCallback, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAnalysisFlow } from '@/features/analysis/hooks/use-analysis-flow';
import { useBilling } from '@/features/billing/hooks/use-billing';
import { useCredits } from '@/features/credits/hooks/use-credits';
import { getAnalysisProfile } from '@/features/profile/api/get-profile';
import { WatchlistPage } from '@/features/watchlist/components/watchlist-page';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { withText } from '@/lib/i18n';

const AnalysisProgressOverlay = lazy(() =>
  withText(import('@/features/analysis/components/analysis-progress-overlay')).then((m) => ({ default: m.AnalysisProgressOverlay })),
);

/**
 * The watchlist (issue 29). 重新分析 runs the main page's analysis flow here (one credit, its
 * Idempotency-Key, the progress overlay, the purchase modal when out of credits), then opens
 * the new report on the main page.
 */
export function WatchlistRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('watchlist.title'));
  const navigate = useNavigate();
  const { refresh: refreshCredits } = useCredits();
  const { openPurchase } = useBilling();
  const analyseAfterPurchase = useRef<(symbol: string) => void>(() => undefined);
  const onOutOfCredits = useCallback(
    (symbol: string) => openPurchase({ tab: 'packages', then: () => analyseAfterPurchase.current(symbol) }),
    [openPurchase],
  );
  const onSettled = useCallback(() => void refreshCredits(), [refreshCredits]);
  const flow = useAnalysisFlow({ loadUserProfile: getAnalysisProfile, onSettled, onOutOfCredits });
  analyseAfterPurchase.current = (symbol) => void flow.analyze(symbol);

  useEffect(() => {
    if (flow.report) navigate(`/?analysis=${encodeURIComponent(flow.report.analysisId)}`);
  }, [flow.report, navigate]);

  return (
    <div className="page">
      <WatchlistPage onReanalyse={(symbol) => void flow.analyze(symbol)} busy={flow.busy || flow.progress !== null} />
      {flow.progress && (
        <Suspense fallback={null}>
          <AnalysisProgressOverlay progress={flow.progress} />
        </Suspense>
      )}
    </div>
  );
}

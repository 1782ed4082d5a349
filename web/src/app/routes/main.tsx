import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useToast } from '@/components/ui/toast/use-toast';
import { useStockList } from '@/features/analysis/api/get-stocks';
import { AnalysisResultsPlaceholder } from '@/features/analysis/components/analysis-results-placeholder';
import { useAnalysis } from '@/features/analysis/api/get-analysis';
import { StockInputCard } from '@/features/analysis/components/stock-input-card';
import { prepareAnalysis, useAnalysisFlow } from '@/features/analysis/hooks/use-analysis-flow';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useBilling } from '@/features/billing/hooks/use-billing';
import { useCredits } from '@/features/credits/hooks/use-credits';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { getAuthToken } from '@/lib/api-client';
import { withText } from '@/lib/i18n';

// What the landing page does not show at first loads when it is first needed.
const loadMainReport = () => withText(import('./main-report'));
const MainReport = lazy(() => loadMainReport().then((m) => ({ default: m.MainReport })));
const MainNotAnalysable = lazy(() => loadMainReport().then((m) => ({ default: m.MainNotAnalysable })));
// The progress overlay and the profile sent with a start load on intent, with the analysis code (ADR 70).
const loadOverlay = () => withText(import('@/features/analysis/components/analysis-progress-overlay'));
const AnalysisProgressOverlay = lazy(() => loadOverlay().then((m) => ({ default: m.AnalysisProgressOverlay })));
const loadProfileApi = () => import('@/features/profile/api/get-profile');
const LoginModal = lazy(() => withText(import('@/features/auth/components/login-modal')).then((m) => ({ default: m.LoginModal })));

/** The investor profile sent with an analysis (`getAnalysisProfile`). */
async function loadUserProfile(): Promise<unknown> {
  // Needed only when an analysis starts; on demand, it keeps the profile code (and the
  // contracts' risk tables) out of the landing page's first download.
  const { getAnalysisProfile } = await loadProfileApi();
  return getAnalysisProfile();
}

/**
 * The router state with which another page asks for a new analysis of a symbol (the watchlist's
 * 重新分析). A type: another route importing a value from here would split this module out of
 * the first screen's entry into a chunk of its own.
 */
export interface AnalyseRequest {
  analyse: string;
}

/**
 * The main page (spec sections 2 and 4): the input card, the progress overlay, the report and
 * the not-analysable screen. The analysis feature knows nothing of credits, profiles or
 * articles; this route wires them together.
 */
export function MainRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const { isAuthenticated, status } = useAuth();
  const { refresh: refreshCredits } = useCredits();
  const stocks = useStockList();
  const [loginOpen, setLoginOpen] = useState(false);
  // The analysis a visitor asked for before the login modal interrupted them.
  const resumeAfterLogin = useRef<(() => void) | null>(null);
  const onSettled = useCallback(() => void refreshCredits(), [refreshCredits]);
  const { openPurchase } = useBilling();
  // Out of credits: the purchase modal opens on the packages, and the same symbol is analysed
  // once a payment goes through, without typing it again.
  const analyzeAfterPurchase = useRef<(symbol: string) => void>(() => undefined);
  const onOutOfCredits = useCallback(
    (symbol: string) => openPurchase({ tab: 'packages', then: () => analyzeAfterPurchase.current(symbol) }),
    [openPurchase],
  );
  const flow = useAnalysisFlow({ loadUserProfile, onSettled, onOutOfCredits });
  analyzeAfterPurchase.current = (symbol) => void flow.analyze(symbol);
  // Another page asked for an analysis (it confirmed the credit): started once per visit of the
  // address, and the request is dropped from the history entry so a reload or Back spends nothing.
  const location = useLocation();
  const navigate = useNavigate();
  const requested: unknown = (location.state as Partial<AnalyseRequest> | null)?.analyse;
  const startedFor = useRef<string | null>(null);
  const { analyze } = flow;
  useEffect(() => {
    if (typeof requested !== 'string' || !isAuthenticated || startedFor.current === location.key) return;
    startedFor.current = location.key;
    navigate(location.pathname, { replace: true, state: null });
    void analyze(requested);
  }, [requested, isAuthenticated, location.key, location.pathname, navigate, analyze]);
  // `/?analysis=<id>` opens that finished report (a link to it, or a reload), until another analysis starts.
  const [searchParams] = useSearchParams();
  const linkedId = searchParams.get('analysis');
  // Asked for as soon as there is a token, not after the session check: a report link's
  // answer, its report screen and its charts download beside that check, not one after another.
  const signedIn = isAuthenticated || getAuthToken() !== null;
  const linked = useAnalysis(signedIn && linkedId && !flow.report && !flow.progress ? linkedId : null);
  useEffect(() => {
    if (!linkedId || !signedIn) return;
    void loadMainReport();
    void import('@/features/analysis/components/charts/valuation-charts');
  }, [linkedId, signedIn]);
  const linkedReport =
    isAuthenticated && linked.data?.status === 'completed' && linked.data.results
      ? { analysisId: linked.data.id, symbol: linked.data.symbol, results: linked.data.results }
      : null;
  // A report link still loading: its place is held a screen high, so the footer below does not
  // show first and then jump away when the report arrives (Lighthouse counted it as a layout shift).
  const linkedPending = linked.isPending || (linked.data?.status === 'completed' && !isAuthenticated);
  const holdReportPlace = signedIn && linkedId !== null && !flow.report && !flow.progress && linkedPending;
  useDocumentTitle();

  const formProps = {
    stocks,
    canAnalyze: isAuthenticated,
    sessionChecking: status === 'checking',
    busy: flow.busy,
    onRequireLogin: (resume: () => void) => {
      toast.info(t('analysis.pleaseLogin'));
      resumeAfterLogin.current = resume;
      setLoginOpen(true);
    },
    onEmptySymbol: () => toast.error(t('analysis.emptySymbol')),
    onAnalyze: (symbol: string) => void flow.analyze(symbol),
    onIntent: () => {
      prepareAnalysis();
      loadOverlay().catch(() => undefined);
      if (isAuthenticated) loadProfileApi().catch(() => undefined);
    },
  };

  let content;
  if (flow.notAnalysable) {
    content = (
      <Suspense fallback={null}>
        <MainNotAnalysable {...formProps} stock={flow.notAnalysable} onBack={flow.backToSearch} />
      </Suspense>
    );
  } else {
    const report = flow.report ?? linkedReport;
    content = (
      <>
        <StockInputCard {...formProps} />
        {report ? (
          <Suspense fallback={<div className="results-pending" aria-busy="true" />}>
            <MainReport report={report} reveal={report === flow.report} />
          </Suspense>
        ) : holdReportPlace ? (
          <div className="results-pending" aria-busy="true" />
        ) : (
          <AnalysisResultsPlaceholder />
        )}
      </>
    );
  }

  return (
    <div className="page">
      {content}
      {flow.progress && (
        <Suspense fallback={null}>
          <AnalysisProgressOverlay progress={flow.progress} />
        </Suspense>
      )}
      {loginOpen && (
        <Suspense fallback={null}>
          <LoginModal
            open={loginOpen}
            onClose={() => {
              resumeAfterLogin.current = null;
              setLoginOpen(false);
            }}
            onLoggedIn={() => {
              const resume = resumeAfterLogin.current;
              resumeAfterLogin.current = null;
              resume?.();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}

import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast/use-toast';
import { useStockList } from '@/features/analysis/api/get-stocks';
import { AnalysisProgressOverlay } from '@/features/analysis/components/analysis-progress-overlay';
import { AnalysisResultsPlaceholder } from '@/features/analysis/components/analysis-results-placeholder';
import { NotAnalysableScreen } from '@/features/analysis/components/not-analysable-screen';
import { AnalysisReport, AnalysisResultsSection } from '@/features/analysis/components/results/analysis-report';
import { StockInputCard } from '@/features/analysis/components/stock-input-card';
import { RESULTS_ELEMENT_ID, useAnalysisFlow } from '@/features/analysis/hooks/use-analysis-flow';
import { relatedArticleKeywords } from '@/features/analysis/utils/related-keywords';
import { EducationalPosts, RelatedArticles } from '@/features/articles';
import { LoginModal } from '@/features/auth/components/login-modal';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { useCredits } from '@/features/credits/hooks/use-credits';
import { getProfile } from '@/features/profile/api/get-profile';
import { useDocumentTitle } from '@/hooks/use-document-title';

/**
 * The investor profile sent with an analysis, so the advice for the user's own type comes
 * first and is highlighted; the analysis service cannot read the stored profile itself.
 */
async function loadUserProfile(): Promise<unknown> {
  const { profile } = await getProfile();
  return {
    ...profile.preferences,
    riskProfile: profile.riskProfile ?? profile.preferences.riskType,
    riskScore: profile.riskScore,
  };
}

/**
 * The main page (spec sections 2 and 4): the input card, the progress overlay, the report and
 * the not-analysable screen. The analysis feature knows nothing of credits, profiles or
 * articles; this route wires them together.
 */
export function MainRoute() {
  const { t } = useTranslation();
  const toast = useToast();
  const { isAuthenticated } = useAuth();
  const { refresh: refreshCredits } = useCredits();
  const stocks = useStockList();
  const [loginOpen, setLoginOpen] = useState(false);
  // The analysis a visitor asked for before the login modal interrupted them.
  const resumeAfterLogin = useRef<(() => void) | null>(null);
  const onSettled = useCallback(() => void refreshCredits(), [refreshCredits]);
  const flow = useAnalysisFlow({ loadUserProfile, onSettled });
  useDocumentTitle();

  const formProps = {
    stocks,
    canAnalyze: isAuthenticated,
    busy: flow.busy,
    onRequireLogin: (resume: () => void) => {
      toast.info(t('analysis.pleaseLogin'));
      resumeAfterLogin.current = resume;
      setLoginOpen(true);
    },
    onEmptySymbol: () => toast.error(t('analysis.emptySymbol')),
    onAnalyze: (symbol: string) => void flow.analyze(symbol),
  };

  let content;
  if (flow.notAnalysable) {
    content = (
      <NotAnalysableScreen
        {...formProps}
        stock={flow.notAnalysable}
        onBack={flow.backToSearch}
        educationalPosts={<EducationalPosts productType={flow.notAnalysable.status} />}
      />
    );
  } else {
    const { report } = flow;
    content = (
      <>
        <StockInputCard {...formProps} />
        {report ? (
          <AnalysisResultsSection id={RESULTS_ELEMENT_ID} symbol={report.symbol}>
            <AnalysisReport
              key={report.analysisId}
              results={report.results}
              reveal
              relatedArticles={<RelatedArticles keywords={relatedArticleKeywords(report.symbol, report.results)} />}
            />
          </AnalysisResultsSection>
        ) : (
          <AnalysisResultsPlaceholder />
        )}
      </>
    );
  }

  return (
    <div className="page">
      {content}
      {flow.progress && <AnalysisProgressOverlay progress={flow.progress} />}
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
    </div>
  );
}

import { AnalysisReport, AnalysisResultsSection } from '@/features/analysis/components/results/analysis-report';
import { NotAnalysableScreen, type NotAnalysableScreenProps } from '@/features/analysis/components/not-analysable-screen';
import { RESULTS_ELEMENT_ID, type AnalysisReport as Report } from '@/features/analysis/hooks/use-analysis-flow';
import { relatedArticleKeywords } from '@/features/analysis/utils/related-keywords';
import { EducationalPosts, RelatedArticles } from '@/features/articles';
import { useBilling } from '@/features/billing/hooks/use-billing';
import { WatchlistToggle } from '@/features/watchlist/components/watchlist-toggle';

/**
 * The main page's report and its not-analysable screen, with the articles beside them: loaded
 * when first shown, so the landing page downloads only the search.
 */
export function MainReport({ report, reveal }: { report: Report; reveal: boolean }) {
  const { openPurchase } = useBilling();
  return (
    <AnalysisResultsSection
      id={RESULTS_ELEMENT_ID}
      symbol={report.symbol}
      actions={<WatchlistToggle symbol={report.symbol} onUpgrade={() => openPurchase({ tab: 'plans' })} />}
    >
      <AnalysisReport
        key={report.analysisId}
        results={report.results}
        reveal={reveal}
        relatedArticles={<RelatedArticles keywords={relatedArticleKeywords(report.symbol, report.results)} />}
      />
    </AnalysisResultsSection>
  );
}

export function MainNotAnalysable(props: Omit<NotAnalysableScreenProps, 'educationalPosts'>) {
  return <NotAnalysableScreen {...props} educationalPosts={<EducationalPosts productType={props.stock.status} />} />;
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useStaggeredReveal } from '../../hooks/use-staggered-reveal';
import type { AnalysisResults } from '../../types/results';
import { BasicInfoSection } from './basic-info-section';
import { BusinessSection } from './business-section';
import { SuggestionsSection } from './suggestions-section';
import { SummarySection } from './summary-section';
import { ValuationSection } from './valuation-section';
import './results.css';

interface AnalysisReportProps {
  results: AnalysisResults;
  /** The related-articles block, shown last; the page composes it (features stay apart). */
  relatedArticles?: ReactNode;
  /** Sections appear one by one, 300 ms apart (the main page); the history modal shows all at once. */
  reveal?: boolean;
}

/**
 * The report's sections in the spec's order (section 2): basic info, valuation, business
 * analysis, tailored recommendations, summary, related articles. Give it a new `key` per
 * analysis so the reveal starts over.
 */
export function AnalysisReport({ results, relatedArticles, reveal = false }: AnalysisReportProps) {
  const sections = [
    <BasicInfoSection key="basic" results={results} />,
    <ValuationSection key="valuation" results={results} />,
    <BusinessSection key="business" results={results} />,
    <SuggestionsSection key="suggestions" results={results} />,
    <SummarySection key="summary" results={results} />,
  ];
  if (relatedArticles) {
    sections.push(
      <div key="related" data-testid="related-articles">
        {relatedArticles}
      </div>,
    );
  }
  const shown = useStaggeredReveal(sections.length, reveal);

  return (
    <div className="ui-stack analysis-report">
      {sections.slice(0, shown).map((section) => (
        <div key={section.key} className={reveal ? 'analysis-report__reveal' : undefined}>
          {section}
        </div>
      ))}
    </div>
  );
}

/**
 * The main page's results area: a heading with the symbol and the page's `actions` for the
 * stock beside it (the watchlist toggle), then the report.
 */
export function AnalysisResultsSection({
  id,
  symbol,
  actions,
  children,
}: {
  id: string;
  symbol: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section id={id} className="ui-stack analysis-results" aria-labelledby={`${id}-title`}>
      <div className="ui-row ui-row--spread ui-row--wrap">
        <h2 className="analysis-results__title" id={`${id}-title`}>
          {t('analysis.results.title', { symbol })}
        </h2>
        {actions}
      </div>
      {children}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import './analysis-results-placeholder.css';

/** Where the report will appear once an analysis has run. */
export function AnalysisResultsPlaceholder() {
  const { t } = useTranslation();
  return (
    <section className="ui-stack ui-stack--2 results-placeholder" aria-labelledby="results-placeholder-title">
      <svg className="results-placeholder__icon" viewBox="0 0 48 48" aria-hidden="true">
        <rect x="6" y="8" width="36" height="32" rx="4" fill="none" stroke="currentColor" strokeWidth="2.5" />
        <path d="M12 32l8-9 6 5 10-12" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <h2 className="results-placeholder__title" id="results-placeholder-title">
        {t('analysis.resultsTitle')}
      </h2>
      <p>{t('analysis.resultsPlaceholder')}</p>
      <p className="results-placeholder__sections">{t('analysis.resultsSections')}</p>
    </section>
  );
}

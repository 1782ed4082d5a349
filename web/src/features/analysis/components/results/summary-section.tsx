import { useTranslation } from 'react-i18next';
import type { AnalysisResults } from '../../types/results';
import { ResultSection } from './result-section';

export function SummarySection({ results }: { results: AnalysisResults }) {
  const { t } = useTranslation();
  return (
    <ResultSection id="summary" title={t('analysis.results.summary.title')}>
      <p className="summary__text">{results.summary}</p>
      {results.notes.length > 0 && (
        <div className="summary__notes">
          <p className="summary__notes-title">{t('analysis.results.summary.notes')}</p>
          <ul>
            {results.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </div>
      )}
      <p className="result-section__footnote">{t('footer.disclaimer')}</p>
    </ResultSection>
  );
}

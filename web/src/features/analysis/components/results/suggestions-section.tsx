import { useTranslation } from 'react-i18next';
import type { AnalysisResults } from '../../types/results';
import { ResultSection } from './result-section';

/** Advice for each investor type; the user's own type comes first and is marked (spec section 3). */
export function SuggestionsSection({ results }: { results: AnalysisResults }) {
  const { t } = useTranslation();
  const { suggestions } = results;
  return (
    <ResultSection id="suggestions" title={t('analysis.results.suggestions.title')}>
      {!suggestions.userType && <p className="result-section__hint">{t('analysis.results.suggestions.noProfile')}</p>}
      <div className="advice-grid">
        {suggestions.byInvestorType.map((advice) => (
          <article
            key={advice.investorType}
            className={`advice${advice.highlighted ? ' advice--highlighted' : ''}`}
            data-highlighted={advice.highlighted || undefined}
          >
            <header className="advice__header">
              <h4>{advice.label}</h4>
              {advice.highlighted && <span className="advice__mine">{t('analysis.results.suggestions.yourType')}</span>}
            </header>
            <p className={`recommendation recommendation--${advice.action}`}>{advice.actionText || t(`analysis.results.recommendation.${advice.action}`)}</p>
            <dl className="advice__facts">
              <div>
                <dt>{t('analysis.results.suggestions.positionSize')}</dt>
                <dd>{advice.positionSizePercent}%</dd>
              </div>
              <div>
                <dt>{t('analysis.results.suggestions.horizon')}</dt>
                <dd>{advice.horizon}</dd>
              </div>
            </dl>
            <p className="advice__rationale">{advice.rationale}</p>
            {advice.keyRisks.length > 0 && (
              <>
                <p className="advice__risks-title">{t('analysis.results.suggestions.keyRisks')}</p>
                <ul className="advice__risks">
                  {advice.keyRisks.map((risk) => (
                    <li key={risk}>{risk}</li>
                  ))}
                </ul>
              </>
            )}
          </article>
        ))}
      </div>
    </ResultSection>
  );
}

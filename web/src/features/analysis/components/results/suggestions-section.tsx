import { useTranslation } from 'react-i18next';
import type { AnalysisResults, InvestorAdvice } from '../../types/results';
import { ResultSection } from './result-section';

const PERCENT = new Intl.NumberFormat('zh-HK', { maximumFractionDigits: 1 });

/**
 * Advice for each investor type; the user's own type comes first and is marked (spec section 3),
 * with how the user's wizard preferences bore on it (its `preferencesNote`, only on that type).
 */
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
            <header className="ui-row ui-row--spread ui-row--2 advice__header">
              <h4>{advice.label}</h4>
              {advice.highlighted && <span className="advice__mine">{t('analysis.results.suggestions.yourType')}</span>}
            </header>
            <p className={`recommendation recommendation--${advice.action}`}>
              {advice.actionText || t(`analysis.results.recommendation.${advice.action}`)}
            </p>
            <AdviceFacts advice={advice} />
            <p className="advice__rationale">{advice.rationale}</p>
            {advice.preferencesNote && (
              <p className="advice__preferences" data-testid="advice-preferences">
                {advice.preferencesNote}
              </p>
            )}
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

/**
 * The two sizes a reader could confuse, each said in full: how much of the portfolio the type
 * keeps in stocks at all, then this one stock's share of the whole portfolio. Reports stored
 * before the range was sent show only the stock's share.
 */
function AdviceFacts({ advice }: { advice: InvestorAdvice }) {
  const { t } = useTranslation();
  const range = advice.stockAllocationRange;
  return (
    <dl className="ui-stack ui-stack--1 advice__facts">
      {range && (
        <div className="advice__fact">
          <dt>{t('analysis.results.suggestions.stockAllocation')}</dt>
          <dd>
            {t('analysis.results.suggestions.stockAllocationValue', { low: PERCENT.format(range[0]), high: PERCENT.format(range[1]) })}
          </dd>
        </div>
      )}
      <div className="advice__fact advice__fact--position" data-testid="advice-position">
        <dt>{t('analysis.results.suggestions.position')}</dt>
        <dd>
          {advice.positionSizePercent > 0
            ? t('analysis.results.suggestions.positionValue', { percent: PERCENT.format(advice.positionSizePercent) })
            : t('analysis.results.suggestions.notHolding')}
        </dd>
      </div>
      <div className="advice__fact">
        <dt>{t('analysis.results.suggestions.horizon')}</dt>
        <dd>{advice.horizon}</dd>
      </div>
    </dl>
  );
}

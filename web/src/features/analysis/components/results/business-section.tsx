import { useTranslation } from 'react-i18next';
import type { AnalysisResults, BusinessAnalysis } from '../../types/results';
import { chartsOf } from '../charts/charts-of';
import { ScorePartsChart } from '../charts/score-parts-chart';
import { ResultSection, ScoreBadge } from './result-section';

const ASPECTS = [
  'competitiveAdvantage',
  'marketPosition',
  'growthProspects',
  'financialHealth',
  'managementQuality',
] as const satisfies readonly (keyof BusinessAnalysis)[];

export function BusinessSection({ results }: { results: AnalysisResults }) {
  const { t } = useTranslation();
  const { business } = results;
  return (
    <ResultSection
      id="business"
      title={t('analysis.results.business.title')}
      aside={<ScoreBadge label={t('analysis.results.score')} score={business.score} />}
    >
      <p className="ui-stack ui-stack--1 business__primary">
        <strong>{t('analysis.results.business.primaryBusiness')}</strong>
        {business.primaryBusiness}
      </p>
      <ScorePartsChart title={t('analysis.charts.score.businessTitle')} parts={chartsOf(results).businessScoreParts ?? []} />
      <div className="business__aspects">
        {ASPECTS.map((aspect) => (
          <article key={aspect} className="business__aspect">
            <h4>{t(`analysis.results.business.${aspect}`)}</h4>
            <p>{business[aspect] || '—'}</p>
          </article>
        ))}
      </div>
    </ResultSection>
  );
}

import { useTranslation } from 'react-i18next';
import type { AnalysisResults, Recommendation, RiskLevel } from '../../types/results';
import { formatInput, formatNumber, formatPercent, formatPrice, trend } from '../../utils/format';
import { FigureGrid, ResultSection } from './result-section';

const RECOMMENDATION_KEYS: Record<Recommendation, true> = { strong_buy: true, buy: true, hold: true, sell: true, strong_sell: true };
const RISK_LEVEL_KEYS: Record<RiskLevel, true> = { low: true, medium: true, high: true };

/** Fair value and its blend, the table of models (skipped ones with their reason) and how each figure was reached. */
export function ValuationSection({ results }: { results: AnalysisResults }) {
  const { t } = useTranslation();
  const { valuation } = results;
  const currency = valuation.currency;
  // Figures such as the recommendation and risk level are codes; they read as their labels.
  const explainedValue = (value: number | string | null) => {
    if (typeof value === 'number') return formatNumber(value, 4);
    if (value !== null && value in RECOMMENDATION_KEYS) return t(`analysis.results.recommendation.${value as Recommendation}`);
    if (value !== null && value in RISK_LEVEL_KEYS) return t(`analysis.results.riskLevel.${value as RiskLevel}`);
    return value ?? '—';
  };

  return (
    <ResultSection
      id="valuation"
      title={t('analysis.results.valuation.title')}
      aside={
        <span className={`recommendation recommendation--${valuation.recommendation}`}>
          {t(`analysis.results.recommendation.${valuation.recommendation}`)}
        </span>
      }
    >
      <FigureGrid
        items={[
          { label: t('analysis.results.valuation.fairValue'), value: formatPrice(valuation.fairValue, currency) },
          { label: t('analysis.results.valuation.targetPrice'), value: formatPrice(valuation.targetPrice, currency) },
          {
            label: t('analysis.results.valuation.upside'),
            value: formatPercent(valuation.upside, { signed: true }),
            tone: trend(valuation.upside),
          },
          { label: t('analysis.results.valuation.confidence'), value: formatPercent(valuation.confidence, { digits: 0 }) },
          { label: t('analysis.results.valuation.riskLevel'), value: t(`analysis.results.riskLevel.${valuation.riskLevel}`) },
          { label: t('analysis.results.valuation.method'), value: valuation.method || '—' },
        ]}
      />

      <div className="table-scroll">
        <table className="models-table">
          <caption>{t('analysis.results.valuation.modelsCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analysis.results.valuation.model')}</th>
              <th scope="col">{t('analysis.results.valuation.modelValue')}</th>
              <th scope="col">{t('analysis.results.valuation.weight')}</th>
              <th scope="col">{t('analysis.results.valuation.modelMethod')}</th>
            </tr>
          </thead>
          <tbody>
            {valuation.models.map((model) => (
              <tr key={model.id} className={model.skipped ? 'models-table__row--skipped' : undefined}>
                <th scope="row">{model.name}</th>
                <td data-label={t('analysis.results.valuation.modelValue')}>
                  {model.skipped ? t('analysis.results.valuation.skipped') : formatPrice(model.value, currency)}
                </td>
                <td data-label={t('analysis.results.valuation.weight')}>
                  {model.skipped ? '—' : formatPercent(model.weight * 100, { digits: 0 })}
                </td>
                <td className="models-table__method">
                  {model.skipped ? model.reason : model.method}
                  {!model.skipped && Object.keys(model.inputs).length > 0 && (
                    <details className="models-table__inputs">
                      <summary>{t('analysis.results.valuation.inputs')}</summary>
                      <dl>
                        {Object.entries(model.inputs).map(([name, value]) => (
                          <div key={name}>
                            <dt>{name}</dt>
                            <dd>{formatInput(value)}</dd>
                          </div>
                        ))}
                      </dl>
                    </details>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {results.explain.length > 0 && (
        <details className="explain">
          <summary>{t('analysis.results.valuation.explainTitle')}</summary>
          <ul className="explain__list">
            {results.explain.map((item) => (
              <li key={item.figure} className="explain__item">
                <p className="explain__head">
                  <code>{item.figure}</code>
                  <strong>{explainedValue(item.value)}</strong>
                </p>
                <p>{item.method}</p>
                {Object.keys(item.inputs).length > 0 && (
                  <p className="explain__inputs">
                    {Object.entries(item.inputs)
                      .map(([name, value]) => `${name}: ${formatInput(value)}`)
                      .join('；')}
                  </p>
                )}
                <p className="explain__source">{t('analysis.results.valuation.source', { source: item.source })}</p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </ResultSection>
  );
}

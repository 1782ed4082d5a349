import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnalysisResults } from '../../types/results';
import { formatPercent, formatPrice, trend } from '../../utils/format';
import { chartsOf } from '../charts/charts-of';
import { ExplanationPanel } from '../explain/explanation-panel';
import { FigureGrid, ResultSection } from './result-section';

// visx and d3 come with the first report, never with the landing page.
const ValuationCharts = lazy(() => import('../charts/valuation-charts'));

/** Fair value and its blend, the table of models (skipped ones with their reason) and how each figure was reached. */
export function ValuationSection({ results }: { results: AnalysisResults }) {
  const { t } = useTranslation();
  const { valuation } = results;
  const currency = valuation.currency;
  const charts = chartsOf(results);
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

      {(charts.range52Week || charts.priceHistory || charts.valuationRanges.length > 0) && (
        <Suspense fallback={<p className="report-charts__loading">{t('analysis.charts.loading')}</p>}>
          <ValuationCharts symbol={results.basic.symbol} currency={currency} charts={charts} />
        </Suspense>
      )}

      <div className="table-scroll">
        <table className="ui-table ui-table--cards models-table">
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
                <td className="models-table__method">{model.skipped ? model.reason : model.method}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {results.explain.length > 0 && <ExplanationPanel results={results} />}
    </ResultSection>
  );
}

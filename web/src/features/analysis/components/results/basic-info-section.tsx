import { useTranslation } from 'react-i18next';
import type { AnalysisResults } from '../../types/results';
import {
  formatCompact,
  formatDate,
  formatNumber,
  formatPercent,
  formatPrice,
  formatShares,
  formatSignedPrice,
  trend,
} from '../../utils/format';
import { chartsOf } from '../charts/charts-of';
import { ScorePartsChart } from '../charts/score-parts-chart';
import { FigureGrid, ResultSection, ScoreBadge } from './result-section';

export function BasicInfoSection({ results }: { results: AnalysisResults }) {
  const { t } = useTranslation();
  const { basic } = results;
  const direction = trend(basic.change);
  // The Traditional Chinese (GICS) names the report sends; older reports have only the provider's English ones.
  const sector = basic.sectorZh ?? basic.sector;
  const industry = basic.industryZh ?? basic.industry;

  return (
    <ResultSection
      id="basic"
      title={t('analysis.results.basic.title')}
      aside={<ScoreBadge label={t('analysis.results.score')} score={basic.score} />}
    >
      <div className="basic-info__identity">
        <div>
          <p className="basic-info__name">{basic.companyNameZh ?? basic.companyName}</p>
          <p className="ui-wrap basic-info__sub">
            <span className="basic-info__symbol">{basic.symbol}</span>
            {basic.companyNameZh && <span>{basic.companyName}</span>}
            {[sector, industry].filter(Boolean).join(' · ')}
          </p>
        </div>
        <div className="basic-info__quote">
          <p className="basic-info__price">{formatPrice(basic.currentPrice, basic.currency)}</p>
          {(basic.change !== null || basic.changePercent !== null) && (
            <p className={`basic-info__change basic-info__change--${direction}`}>
              {formatSignedPrice(basic.change)} ({formatPercent(basic.changePercent, { signed: true })})
            </p>
          )}
        </div>
      </div>
      <FigureGrid
        items={[
          { label: t('analysis.results.basic.industry'), value: industry ?? '—' },
          { label: t('analysis.results.basic.sector'), value: sector ?? '—' },
          { label: t('analysis.results.basic.marketCap'), value: formatCompact(basic.marketCap, basic.currency) },
          { label: t('analysis.results.basic.volume'), value: formatShares(basic.volume) },
          { label: t('analysis.results.basic.peRatio'), value: formatNumber(basic.peRatio) },
          { label: t('analysis.results.basic.dividendYield'), value: formatPercent(basic.dividendYield) },
          { label: t('analysis.results.basic.high52Week'), value: formatPrice(basic.high52Week, basic.currency) },
          { label: t('analysis.results.basic.low52Week'), value: formatPrice(basic.low52Week, basic.currency) },
        ]}
      />
      <ScorePartsChart title={t('analysis.charts.score.basicTitle')} parts={chartsOf(results).basicScoreParts ?? []} />
      {results.dataAsOf && (
        <p className="result-section__footnote">
          {t('analysis.results.basic.asOf', {
            date: formatDate(results.dataAsOf),
            source: t(`analysis.results.source.${results.dataSource === 'yahoo' ? 'yahoo' : 'snapshot'}`),
          })}
        </p>
      )}
    </ResultSection>
  );
}

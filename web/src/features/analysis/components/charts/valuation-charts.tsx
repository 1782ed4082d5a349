import { useTranslation } from 'react-i18next';
import { FootballFieldChart } from './football-field-chart';
import { PeerMultiplesChart } from './peer-multiples-chart';
import { PriceHistoryChart } from './price-history-chart';
import type { ReportChartsData } from './types';

interface ValuationChartsProps {
  symbol: string;
  currency: string;
  charts: ReportChartsData;
}

/**
 * The valuation's pictures: the price with its 52-week range and the fair-value range, each
 * model's range against the price, and the multiples against the peers'. Loaded with the first
 * report (visx and d3 stay out of the landing page's download).
 */
export default function ValuationCharts({ symbol, currency, charts }: ValuationChartsProps) {
  const { t } = useTranslation();
  const blend = charts.valuationRanges.find((r) => r.id === 'blend') ?? null;
  const models = charts.valuationRanges;
  return (
    <div className="report-charts" data-testid="valuation-charts">
      <PriceHistoryChart
        data={{
          currency: charts.priceHistory?.currency ?? currency,
          points: charts.priceHistory?.points ?? [],
          from: charts.priceHistory?.from,
          to: charts.priceHistory?.to,
          source: charts.priceHistory?.source,
          range52Week: charts.range52Week,
          fairValue: blend?.range ?? null,
          price: charts.price,
        }}
      />
      {models.length > 0 && <FootballFieldChart rows={models} price={charts.price?.value ?? null} currency={currency} />}
      {charts.peerMultiples.length > 0 && (
        <section className="report-charts__peers" aria-label={t('analysis.charts.peers.groupLabel')}>
          <PeerMultiplesChart symbol={symbol} comparisons={charts.peerMultiples} asOf={charts.price?.asOf ?? null} />
        </section>
      )}
    </div>
  );
}

import { AxisBottom, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPrice } from '../../utils/format';
import { ChartFrame, tickCount } from './chart-frame';
import type { PriceHistoryChartData } from './types';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 56, bottom: 28, left: 8 };

const toTime = (date: string) => new Date(`${date.length === 7 ? `${date}-01` : date.slice(0, 10)}T00:00:00Z`);
const monthLabel = (d: Date | { valueOf(): number }) => {
  const date = new Date(d.valueOf());
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/**
 * The price over its window with the 52-week range and the fair-value range drawn behind it;
 * without history, the two bands and today's price alone, so the picture never invents a path.
 */
export function PriceHistoryChart({ data }: { data: PriceHistoryChartData }) {
  const { t } = useTranslation();
  const { points, range52Week, fairValue, price, currency } = data;
  const values = [
    ...points.map((p) => p.close),
    ...(range52Week ? [range52Week.low, range52Week.high] : []),
    ...(fairValue ? [fairValue.low, fairValue.high] : []),
    ...(price ? [price.value] : []),
  ];
  if (values.length === 0) return null;
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min || max || 1) * 0.08;
  const hasHistory = points.length >= 2;
  const first = points[0];
  const last = points[points.length - 1];

  const summary = [
    hasHistory && first && last
      ? t('analysis.charts.price.summaryHistory', {
          from: formatDate(first.date),
          to: formatDate(last.date),
          start: formatPrice(first.close, currency),
          end: formatPrice(last.close, currency),
          low: formatPrice(Math.min(...points.map((p) => p.close)), currency),
          high: formatPrice(Math.max(...points.map((p) => p.close)), currency),
        })
      : t('analysis.charts.price.summaryNoHistory'),
    range52Week &&
      t('analysis.charts.price.summaryRange', {
        low: formatPrice(range52Week.low, currency),
        high: formatPrice(range52Week.high, currency),
      }),
    fairValue &&
      t('analysis.charts.price.summaryFair', {
        low: formatPrice(fairValue.low, currency),
        base: formatPrice(fairValue.base, currency),
        high: formatPrice(fairValue.high, currency),
      }),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ChartFrame
      title={t('analysis.charts.price.title')}
      summary={summary}
      caption={
        <>
          <Legend range52Week={Boolean(range52Week)} fairValue={Boolean(fairValue)} history={hasHistory} />
          <span>
            {hasHistory
              ? t('analysis.charts.price.source', {
                  source: data.source ?? '—',
                  from: formatDate(data.from ?? first?.date),
                  to: formatDate(data.to ?? last?.date),
                })
              : t('analysis.charts.price.noHistory')}
          </span>
        </>
      }
    >
      {(width) => {
        const innerWidth = width - MARGIN.left - MARGIN.right;
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
        const y = scaleLinear<number>({ domain: [min - pad, max + pad], range: [innerHeight, 0], nice: true });
        const x =
          hasHistory && first && last
            ? scaleTime<number>({ domain: [toTime(first.date), toTime(last.date)], range: [0, innerWidth] })
            : null;
        const band = (low: number, high: number, className: string) => (
          <rect className={className} x={0} width={innerWidth} y={y(high)} height={Math.max(1, y(low) - y(high))} />
        );
        return (
          <svg width={width} height={HEIGHT} className="chart__svg">
            <Group left={MARGIN.left} top={MARGIN.top}>
              {range52Week && band(range52Week.low, range52Week.high, 'chart__band chart__band--range')}
              {fairValue && band(fairValue.low, fairValue.high, 'chart__band chart__band--fair')}
              {fairValue && (
                <line className="chart__rule chart__rule--fair" x1={0} x2={innerWidth} y1={y(fairValue.base)} y2={y(fairValue.base)} />
              )}
              {x && <LinePath data={points} x={(p) => x(toTime(p.date))} y={(p) => y(p.close)} className="chart__line" />}
              {price && <circle className="chart__dot" cx={x && last ? x(toTime(last.date)) : innerWidth / 2} cy={y(price.value)} r={4} />}
              <AxisRight
                left={innerWidth}
                scale={y}
                numTicks={5}
                tickFormat={(v) => formatPrice(Number(v))}
                tickLabelProps={{ className: 'chart__tick', textAnchor: 'start', dx: 4, dy: 4 }}
                hideAxisLine
                tickClassName="chart__tick-mark"
              />
              {x && (
                <AxisBottom
                  top={innerHeight}
                  scale={x}
                  numTicks={tickCount(innerWidth, 80)}
                  tickFormat={monthLabel}
                  tickLabelProps={{ className: 'chart__tick', textAnchor: 'middle' }}
                  axisClassName="chart__axis"
                  tickClassName="chart__tick-mark"
                />
              )}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}

function Legend({ range52Week, fairValue, history }: { range52Week: boolean; fairValue: boolean; history: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="chart__legend">
      {history && <span className="chart__key chart__key--line">{t('analysis.charts.price.legendPrice')}</span>}
      {range52Week && <span className="chart__key chart__key--range">{t('analysis.charts.price.legendRange')}</span>}
      {fairValue && <span className="chart__key chart__key--fair">{t('analysis.charts.price.legendFair')}</span>}
    </span>
  );
}

import { AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleLinear, scaleTime } from '@visx/scale';
import { LinePath } from '@visx/shape';
import { useTranslation } from 'react-i18next';
import { formatDate, formatPrice } from '../../utils/format';
import { BottomAxis, ChartFrame } from './chart-frame';
import type { PriceHistoryChartData, PricePoint } from './types';

const HEIGHT = 240;
const MARGIN = { top: 12, right: 56, bottom: 28, left: 8 };

const toTime = (date: string) => new Date(`${date.length === 7 ? `${date}-01` : date.slice(0, 10)}T00:00:00Z`);
const monthLabel = (d: Date | { valueOf(): number }) => {
  const date = new Date(d.valueOf());
  return `${date.getUTCFullYear()}/${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
};

/** History ending more than this before the price's date leaves a gap the chart shows as one. */
const GAP_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Where the history ends well before the price's date (the bundled US closes end 2024-06, the
 * price is of 2026-08), the days between have no data: the time axis is broken there and the
 * price is drawn apart, as its own marked point at its own date, never joined to the history.
 */
function gapOf(points: PricePoint[], price: PriceHistoryChartData['price']): { from: string; to: string } | null {
  const last = points[points.length - 1];
  if (!last || !price?.asOf) return null;
  return toTime(price.asOf).getTime() - toTime(last.date).getTime() > GAP_DAYS * DAY_MS ? { from: last.date, to: price.asOf } : null;
}

/**
 * The price over its window with the 52-week range and the fair-value range drawn behind it;
 * without history, the two bands and today's price alone, so the picture never invents a path.
 * A gap between the history and the price is a visible break (gapOf).
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
  const gap = hasHistory ? gapOf(points, price) : null;

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
    gap &&
      price &&
      t('analysis.charts.price.summaryGap', {
        from: formatDate(gap.from),
        to: formatDate(gap.to),
        price: formatPrice(price.value, currency),
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
          <Legend range52Week={Boolean(range52Week)} fairValue={Boolean(fairValue)} history={hasHistory} gap={Boolean(gap)} />
          <span>
            {hasHistory
              ? t('analysis.charts.price.source', {
                  source: data.source ?? '—',
                  from: formatDate(data.from ?? first?.date),
                  to: formatDate(data.to ?? last?.date),
                })
              : t('analysis.charts.price.noHistory')}
          </span>
          {gap && price && (
            <span data-testid="price-gap-caption">
              {t('analysis.charts.price.gapCaption', {
                from: formatDate(gap.from),
                to: formatDate(gap.to),
                price: formatPrice(price.value, currency),
              })}
            </span>
          )}
        </>
      }
    >
      {(width) => {
        const innerWidth = width - MARGIN.left - MARGIN.right;
        const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
        const y = scaleLinear<number>({ domain: [min - pad, max + pad], range: [innerHeight, 0], nice: true });
        // With a gap, the history keeps the left part and the price its own place at the right, past a break.
        const tail = gap ? Math.min(110, Math.round(innerWidth * 0.28)) : 0;
        const historyWidth = innerWidth - tail;
        const x =
          hasHistory && first && last
            ? scaleTime<number>({ domain: [toTime(first.date), toTime(last.date)], range: [0, historyWidth] })
            : null;
        const priceX = gap ? innerWidth - 10 : x && last ? x(toTime(last.date)) : innerWidth / 2;
        // The no-data band between the history's end and the point, its middle carrying the break mark.
        const bandX = historyWidth + 4;
        const bandWidth = innerWidth - 24 - bandX;
        const breakX = bandX + bandWidth / 2;
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
              {gap && (
                <g className="chart__gap" data-testid="price-gap">
                  <rect className="chart__gap-band" x={bandX} width={bandWidth} y={0} height={innerHeight} />
                  <text className="chart__gap-label" x={breakX} y={14} textAnchor="middle">
                    {t('analysis.charts.price.gapLabel')}
                  </text>
                  <path
                    className="chart__gap-break"
                    d={`M${breakX - 7},${innerHeight + 6} l6,-12 M${breakX + 1},${innerHeight + 6} l6,-12`}
                  />
                </g>
              )}
              {price && (
                <circle
                  className={gap ? 'chart__dot chart__dot--apart' : 'chart__dot'}
                  data-testid="price-point"
                  cx={priceX}
                  cy={y(price.value)}
                  r={gap ? 5 : 4}
                />
              )}
              {gap && price && (
                <text className="chart__tick" data-testid="price-point-date" x={priceX} y={innerHeight + 18} textAnchor="end">
                  {formatDate(gap.to)}
                </text>
              )}
              <AxisRight
                left={innerWidth}
                scale={y}
                numTicks={5}
                tickFormat={(v) => formatPrice(Number(v))}
                tickLabelProps={{ className: 'chart__tick', textAnchor: 'start', dx: 4, dy: 4 }}
                hideAxisLine
                tickClassName="chart__tick-mark"
              />
              {x && <BottomAxis top={innerHeight} scale={x} width={historyWidth} format={monthLabel} />}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}

function Legend({ range52Week, fairValue, history, gap }: { range52Week: boolean; fairValue: boolean; history: boolean; gap: boolean }) {
  const { t } = useTranslation();
  return (
    <span className="chart__legend">
      {history && <span className="chart__key chart__key--line">{t('analysis.charts.price.legendPrice')}</span>}
      {gap && <span className="chart__key chart__key--latest">{t('analysis.charts.price.legendLatest')}</span>}
      {range52Week && <span className="chart__key chart__key--range">{t('analysis.charts.price.legendRange')}</span>}
      {fairValue && <span className="chart__key chart__key--fair">{t('analysis.charts.price.legendFair')}</span>}
    </span>
  );
}

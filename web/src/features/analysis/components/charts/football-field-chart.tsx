import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../utils/format';
import { BottomAxis, ChartFrame } from './chart-frame';
import type { FootballFieldRow } from './types';

// Each row: the model's name on its own line above the bar, so a phone keeps the full width for the bar.
const ROW = 46;
const BAR = 14;
const MARGIN = { top: 18, right: 16, bottom: 28, left: 16 };

interface FootballFieldChartProps {
  rows: FootballFieldRow[];
  price: number | null;
  currency: string;
}

/** Each valuation model's low–base–high range against the price (a "football field"). */
export function FootballFieldChart({ rows, price, currency }: FootballFieldChartProps) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  const values = rows.flatMap((r) => [r.range.low, r.range.high]).concat(price === null ? [] : [price]);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const pad = (max - min || max || 1) * 0.06;
  const height = MARGIN.top + rows.length * ROW + MARGIN.bottom;
  const fmt = (v: number) => formatPrice(v, currency);

  const summary = [
    price !== null && t('analysis.charts.football.summaryPrice', { price: fmt(price) }),
    ...rows.map((r) =>
      t('analysis.charts.football.summaryRow', { name: r.name, low: fmt(r.range.low), base: fmt(r.range.base), high: fmt(r.range.high) }),
    ),
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ChartFrame
      title={t('analysis.charts.football.title')}
      summary={summary}
      table={
        <table>
          <caption>{t('analysis.charts.football.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('analysis.charts.football.model')}</th>
              <th scope="col">{t('analysis.charts.low')}</th>
              <th scope="col">{t('analysis.charts.base')}</th>
              <th scope="col">{t('analysis.charts.high')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id}>
                <th scope="row">{r.name}</th>
                <td>{fmt(r.range.low)}</td>
                <td>{fmt(r.range.base)}</td>
                <td>{fmt(r.range.high)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
      caption={
        <span className="chart__legend">
          <span className="chart__key chart__key--fair">{t('analysis.charts.football.legendRange')}</span>
          <span className="chart__key chart__key--base">{t('analysis.charts.football.legendBase')}</span>
          {price !== null && <span className="chart__key chart__key--price">{t('analysis.charts.football.legendPrice')}</span>}
          {rows.some((r) => !r.inBlend) && (
            <span className="chart__key chart__key--screen">{t('analysis.charts.football.legendScreen')}</span>
          )}
        </span>
      }
    >
      {(width) => {
        const innerWidth = width - MARGIN.left - MARGIN.right;
        const x = scaleLinear<number>({ domain: [Math.max(0, min - pad), max + pad], range: [0, innerWidth], nice: true });
        const plotHeight = rows.length * ROW;
        return (
          <svg width={width} height={height} className="chart__svg">
            <Group left={MARGIN.left} top={MARGIN.top}>
              {rows.map((r, i) => {
                const top = i * ROW;
                const x0 = x(r.range.low);
                const x1 = x(r.range.high);
                return (
                  <g key={r.id}>
                    <text className="chart__label" x={0} y={top + 12}>
                      {r.name}
                    </text>
                    <rect
                      className={`chart__range${r.inBlend ? '' : ' chart__range--screen'}`}
                      x={x0}
                      y={top + 20}
                      width={Math.max(2, x1 - x0)}
                      height={BAR}
                      rx={3}
                    />
                    <line className="chart__base" x1={x(r.range.base)} x2={x(r.range.base)} y1={top + 16} y2={top + 20 + BAR + 4} />
                  </g>
                );
              })}
              {price !== null && (
                <g>
                  <line className="chart__rule chart__rule--price" x1={x(price)} x2={x(price)} y1={-6} y2={plotHeight} />
                  <text
                    className="chart__label chart__label--price"
                    x={x(price)}
                    y={-8}
                    textAnchor={x(price) > innerWidth * 0.7 ? 'end' : 'start'}
                  >
                    {t('analysis.charts.football.priceLabel', { price: formatPrice(price) })}
                  </text>
                </g>
              )}
              <BottomAxis top={plotHeight} scale={x} width={innerWidth} format={formatPrice} />
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}

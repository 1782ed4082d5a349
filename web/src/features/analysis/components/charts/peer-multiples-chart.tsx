import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../utils/format';
import { ChartFrame } from './chart-frame';
import type { PeerMultipleData } from './types';

const ROW = 26;
const LABEL = 96;
const MARGIN = { top: 4, right: 52, bottom: 4, left: 0 };

interface PeerMultiplesChartProps {
  symbol: string;
  comparisons: PeerMultipleData[];
  /** The date of the report's own price: a peer priced on another day is named with its date. */
  asOf?: string | null;
}

/**
 * The peers priced on another day than the report, with their dates ("0788.HK（2025-04-11）、…"):
 * a listing without daily bars is priced on its own page's date (ADR 0075), and the reader sees
 * which day. Null when every peer shares the report's day (or no date is known).
 */
export function peersOnOtherDays(peers: PeerMultipleData['peers'], asOf: string | null): string | null {
  const dated = peers.filter((p) => p.asOf && p.asOf !== asOf);
  return dated.length > 0 ? dated.map((p) => `${p.symbol}（${p.asOf}）`).join('、') : null;
}

/** For each multiple the report compared: the stock's bar highlighted among its peers', and the peers' median. */
export function PeerMultiplesChart({ symbol, comparisons, asOf = null }: PeerMultiplesChartProps) {
  const shown = comparisons.filter((c) => c.peers.length > 0 || c.stock !== null);
  if (shown.length === 0) return null;
  return (
    <div className="ui-columns chart-group">
      {shown.map((c) => (
        <MultipleChart key={c.multiple} symbol={symbol} comparison={c} asOf={asOf} />
      ))}
    </div>
  );
}

function MultipleChart({ symbol, comparison, asOf }: { symbol: string; comparison: PeerMultipleData; asOf: string | null }) {
  const { t } = useTranslation();
  const bars = [
    ...(comparison.stock === null ? [] : [{ key: symbol, label: symbol, value: comparison.stock, own: true }]),
    ...comparison.peers.map((p) => ({ key: p.symbol, label: p.symbol, value: p.value, own: false })),
  ];
  const values = bars.map((b) => b.value).concat(comparison.median === null ? [] : [comparison.median]);
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const height = MARGIN.top + bars.length * ROW + MARGIN.bottom;

  // The spread beside the median, and the outliers left out of it (ADR 0067).
  const spreadText = [
    comparison.spread &&
      t('analysis.charts.peers.spread', {
        low: formatNumber(comparison.spread.low, 1),
        high: formatNumber(comparison.spread.high, 1),
        min: formatNumber(comparison.spread.min, 1),
        max: formatNumber(comparison.spread.max, 1),
      }),
    comparison.excluded?.length &&
      t('analysis.charts.peers.excluded', {
        list: comparison.excluded.map((p) => `${p.symbol} ${formatNumber(p.value, 1)}（${p.reason}）`).join('、'),
      }),
  ]
    .filter(Boolean)
    .join(' ');

  const dated = peersOnOtherDays(comparison.peers, asOf);
  const datedText = dated !== null && t('analysis.charts.peers.dated', { list: dated });

  const summary = [
    t('analysis.charts.peers.summaryStock', {
      symbol,
      label: comparison.label,
      value: comparison.stock === null ? t('analysis.charts.unknown') : formatNumber(comparison.stock, 1),
    }),
    comparison.median !== null && t('analysis.charts.peers.summaryMedian', { value: formatNumber(comparison.median, 1) }),
    comparison.peers.map((p) => `${p.name}（${p.symbol}）${formatNumber(p.value, 1)}`).join('、'),
    spreadText,
    datedText,
  ]
    .filter(Boolean)
    .join(' ');

  return (
    <ChartFrame
      title={t('analysis.charts.peers.title', { label: comparison.label })}
      summary={summary}
      caption={
        comparison.median !== null && (
          <span className="chart__legend">
            <span className="chart__key chart__key--own">{t('analysis.charts.peers.legendStock', { symbol })}</span>
            <span className="chart__key chart__key--peer">{t('analysis.charts.peers.legendPeer')}</span>
            <span className="chart__key chart__key--median">
              {t('analysis.charts.peers.legendMedian', { value: formatNumber(comparison.median, 1) })}
            </span>
            {spreadText && <span data-testid="peer-spread">{spreadText}</span>}
            {datedText && <span data-testid="peer-dated">{datedText}</span>}
          </span>
        )
      }
    >
      {(width) => {
        const innerWidth = width - LABEL - MARGIN.right;
        const x = scaleLinear<number>({ domain: [min, max || 1], range: [0, innerWidth], nice: true });
        return (
          <svg width={width} height={height} className="chart__svg">
            <Group top={MARGIN.top}>
              {bars.map((b, i) => {
                const y = i * ROW;
                const x0 = x(Math.min(0, b.value));
                const w = Math.max(1, Math.abs(x(b.value) - x(0)));
                return (
                  <g key={b.key}>
                    <text className={`chart__label${b.own ? ' chart__label--own' : ''}`} x={0} y={y + 16}>
                      {b.label}
                    </text>
                    <rect
                      className={b.own ? 'chart__bar chart__bar--own' : 'chart__bar'}
                      x={LABEL + x0}
                      y={y + 5}
                      width={w}
                      height={ROW - 10}
                      rx={2}
                    />
                    <text className="chart__value" x={LABEL + Math.max(x(b.value), x(0)) + 4} y={y + 16}>
                      {formatNumber(b.value, 1)}
                    </text>
                  </g>
                );
              })}
              {comparison.median !== null && (
                <line
                  className="chart__rule chart__rule--median"
                  x1={LABEL + x(comparison.median)}
                  x2={LABEL + x(comparison.median)}
                  y1={0}
                  y2={bars.length * ROW}
                />
              )}
            </Group>
          </svg>
        );
      }}
    </ChartFrame>
  );
}

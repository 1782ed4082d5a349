import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { useParentSize } from '@visx/responsive';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useId } from 'react';

const HEIGHT = 180;
const MARGIN = { top: 8, right: 8, bottom: 24, left: 64 };

export interface DailyBar {
  /** YYYY-MM-DD (UTC). */
  date: string;
  value: number;
  /** Drawn over `value` in a darker shade (completed of started analyses); at most `value`. */
  part?: number;
}

interface DailyBarChartProps {
  title: string;
  /** What the chart shows, read by screen readers instead of the drawing. */
  summary: string;
  bars: DailyBar[];
  format: (value: number) => string;
  /** The axis' labels, shorter than `format` (no cents); whole-number figures get whole-number ticks only. */
  axisFormat?: (value: number) => string;
  wholeNumbers?: boolean;
  /** Names of `value` and `part`, for the legend and the table. */
  valueLabel: string;
  partLabel?: string;
}

/** Fewer date labels on a phone, so they never overlap. */
function everyNth(width: number, count: number): number {
  return Math.max(1, Math.ceil(count / Math.max(2, Math.floor(width / 56))));
}

/**
 * One bar per UTC day, as wide as its card, with the same visx scales and axes as the report's
 * charts; the figures are also a table that screen readers get in place of the picture.
 */
export function DailyBarChart({
  title,
  summary,
  bars,
  format,
  axisFormat = format,
  wholeNumbers,
  valueLabel,
  partLabel,
}: DailyBarChartProps) {
  const id = useId();
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  const innerWidth = Math.max(0, width - MARGIN.left - MARGIN.right);
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: bars.map((b) => b.date), range: [0, innerWidth], padding: 0.2 });
  const y = scaleLinear<number>({ domain: [0, Math.max(1, ...bars.map((b) => b.value))], range: [innerHeight, 0], nice: true });
  const yTicks = y.ticks(4).filter((v) => !wholeNumbers || Number.isInteger(v));
  const nth = everyNth(innerWidth, bars.length);
  // The newest day always gets its label; the others every nth day counting back from it.
  const labelled = new Set(bars.filter((_, i) => (bars.length - 1 - i) % nth === 0).map((b) => b.date));

  return (
    <figure className="admin-chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <h3 className="admin-chart__title" id={`${id}-title`}>
        {title}
      </h3>
      <p className="visually-hidden" id={`${id}-summary`}>
        {summary}
      </p>
      <div className="admin-chart__canvas" ref={parentRef} aria-hidden="true">
        {width > 0 && (
          <svg width={width} height={HEIGHT} className="admin-chart__svg">
            <Group left={MARGIN.left} top={MARGIN.top}>
              {bars.map((b) => {
                const left = x(b.date) ?? 0;
                const top = y(b.value);
                const partTop = y(Math.min(b.part ?? 0, b.value));
                return (
                  <g key={b.date}>
                    <Bar
                      className={`admin-chart__bar${partLabel ? '' : ' admin-chart__bar--part'}`}
                      x={left}
                      y={top}
                      width={x.bandwidth()}
                      height={innerHeight - top}
                    />
                    {b.part !== undefined && b.part > 0 && (
                      <Bar
                        className="admin-chart__bar admin-chart__bar--part"
                        x={left}
                        y={partTop}
                        width={x.bandwidth()}
                        height={innerHeight - partTop}
                      />
                    )}
                  </g>
                );
              })}
              <AxisLeft
                scale={y}
                tickValues={yTicks}
                tickFormat={(v) => axisFormat(Number(v))}
                axisClassName="admin-chart__axis"
                tickLabelProps={{ className: 'admin-chart__tick', textAnchor: 'end', dx: -4, dy: 3 }}
              />
              <AxisBottom
                top={innerHeight}
                scale={x}
                tickValues={bars.map((b) => b.date).filter((d) => labelled.has(d))}
                tickFormat={(d) => d.slice(5)}
                axisClassName="admin-chart__axis"
                tickLabelProps={{ className: 'admin-chart__tick', textAnchor: 'middle' }}
              />
            </Group>
          </svg>
        )}
      </div>
      <figcaption className="admin-chart__legend">
        <span className={`admin-chart__key${partLabel ? ' admin-chart__key--whole' : ''}`}>{valueLabel}</span>
        {partLabel && <span className="admin-chart__key">{partLabel}</span>}
        <span>Days in UTC</span>
      </figcaption>
      <table className="visually-hidden">
        <thead>
          <tr>
            <th scope="col">Date (UTC)</th>
            <th scope="col">{valueLabel}</th>
            {partLabel && <th scope="col">{partLabel}</th>}
          </tr>
        </thead>
        <tbody>
          {bars.map((b) => (
            <tr key={b.date}>
              <td>{b.date}</td>
              <td>{format(b.value)}</td>
              {partLabel && <td>{format(b.part ?? 0)}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

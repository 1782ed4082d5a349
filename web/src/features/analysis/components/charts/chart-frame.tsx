import { AxisBottom, type AxisScale } from '@visx/axis';
import { useParentSize } from '@visx/responsive';
import { type ReactNode, useId } from 'react';
import './charts.css';

interface ChartFrameProps {
  title: string;
  /** What the chart shows, in one or two sentences: read by screen readers in place of the picture. */
  summary: string;
  /** Source and dates, under the chart. */
  caption?: ReactNode;
  /** The figures as a table, for screen readers (the picture is hidden from them). */
  table?: ReactNode;
  /** Draws the picture at the width the frame has (never wider than the screen). */
  children: (width: number) => ReactNode;
}

/**
 * One chart of the report: a titled figure whose SVG is as wide as its column, with a text
 * alternative (summary and table) announced instead of the drawing.
 */
export function ChartFrame({ title, summary, caption, table, children }: ChartFrameProps) {
  const id = useId();
  const { parentRef, width } = useParentSize({ debounceTime: 50 });
  return (
    <figure className="ui-stack ui-stack--2 chart" aria-labelledby={`${id}-title`} aria-describedby={`${id}-summary`}>
      <h4 className="chart__title" id={`${id}-title`}>
        {title}
      </h4>
      <p className="visually-hidden" id={`${id}-summary`}>
        {summary}
      </p>
      <div className="chart__canvas" ref={parentRef} aria-hidden="true">
        {width > 0 && children(Math.floor(width))}
      </div>
      {table && <div className="visually-hidden">{table}</div>}
      {caption && <figcaption className="chart__caption">{caption}</figcaption>}
    </figure>
  );
}

/** Fewer ticks on a phone, so Chinese labels never overlap. */
export function tickCount(width: number, minSpacing = 70): number {
  return Math.max(2, Math.min(6, Math.floor(width / minSpacing)));
}

/** The horizontal axis under a chart's plot: ticks at least 80px apart, labelled by `format`. */
export function BottomAxis({
  top,
  scale,
  width,
  format,
}: {
  top: number;
  scale: AxisScale<number>;
  width: number;
  format(value: number): string;
}) {
  return (
    <AxisBottom
      top={top}
      scale={scale}
      numTicks={tickCount(width, 80)}
      tickFormat={(v) => format(Number(v))}
      tickLabelProps={{ className: 'chart__tick', textAnchor: 'middle' }}
      axisClassName="chart__axis"
      tickClassName="chart__tick-mark"
    />
  );
}

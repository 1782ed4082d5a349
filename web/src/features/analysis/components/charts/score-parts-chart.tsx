import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../utils/format';
import type { ScorePartData } from './types';
import './charts.css';

interface ScorePartsChartProps {
  title: string;
  parts: ScorePartData[];
}

/**
 * A score's parts as bars of points out of their maximum. Plain HTML: the labels wrap on a
 * phone, and each part's value is written beside its bar, so a screen reader reads the figures.
 */
export function ScorePartsChart({ title, parts }: ScorePartsChartProps) {
  const { t } = useTranslation();
  if (parts.length === 0) return null;
  const total = parts.reduce((sum, p) => sum + p.points, 0);
  const max = parts.reduce((sum, p) => sum + p.max, 0);
  return (
    <figure className="ui-stack ui-stack--2 chart score-parts">
      <h4 className="chart__title">{title}</h4>
      <ul className="score-parts__list">
        {parts.map((part) => {
          const value = t('analysis.charts.score.points', { points: formatNumber(part.points, 1), max: formatNumber(part.max, 0) });
          return (
            <li key={part.id} className="score-parts__item">
              <span className="score-parts__label">{part.label}</span>
              <span className="score-parts__track" aria-hidden="true">
                <span
                  className="score-parts__fill"
                  style={{ width: `${part.max > 0 ? Math.min(100, (part.points / part.max) * 100) : 0}%` }}
                />
              </span>
              <span className="score-parts__value">{value}</span>
            </li>
          );
        })}
      </ul>
      <figcaption className="chart__caption">
        {t('analysis.charts.score.total', { points: formatNumber(total, 1), max: formatNumber(max, 0) })}
      </figcaption>
    </figure>
  );
}

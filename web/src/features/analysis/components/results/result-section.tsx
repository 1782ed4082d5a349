import type { ReactNode } from 'react';
import './results.css';

interface ResultSectionProps {
  id: string;
  title: string;
  /** A short figure beside the title, e.g. a score. */
  aside?: ReactNode;
  children: ReactNode;
}

export function ResultSection({ id, title, aside, children }: ResultSectionProps) {
  return (
    <section className="card result-section" aria-labelledby={`${id}-title`} data-testid={`result-${id}`}>
      <header className="ui-row ui-row--spread result-section__header">
        <h3 className="result-section__title" id={`${id}-title`}>
          {title}
        </h3>
        {aside}
      </header>
      {children}
    </section>
  );
}

/** A 0–100 score as a badge. */
export function ScoreBadge({ label, score }: { label: string; score: number | null | undefined }) {
  const value = typeof score === 'number' && Number.isFinite(score) ? Math.round(score) : null;
  const band = value === null ? 'none' : value >= 70 ? 'high' : value >= 40 ? 'mid' : 'low';
  return (
    <span className={`score-badge score-badge--${band}`}>
      {label} <strong>{value ?? '—'}</strong>
      {value !== null && <span className="score-badge__max">/100</span>}
    </span>
  );
}

/** Label/value pairs in a responsive grid. */
export function FigureGrid({ items }: { items: { label: string; value: ReactNode; tone?: string }[] }) {
  return (
    <dl className="figure-grid">
      {items.map(({ label, value, tone }) => (
        <div key={label} className="figure-grid__item">
          <dt className="figure-grid__label">{label}</dt>
          <dd className={`figure-grid__value${tone ? ` figure-grid__value--${tone}` : ''}`}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

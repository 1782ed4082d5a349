import type { ReactNode } from 'react';
import './page-placeholder.css';

interface PagePlaceholderProps {
  title: string;
  description: string;
  /** Secondary line, e.g. "coming soon". */
  note?: string;
  children?: ReactNode;
}

/** A titled card for a screen whose content arrives in a later release. */
export function PagePlaceholder({ title, description, note, children }: PagePlaceholderProps) {
  return (
    <section className="card page-placeholder">
      <h1 className="page__title">{title}</h1>
      <p className="page-placeholder__description">{description}</p>
      {note && <p className="page-placeholder__note">{note}</p>}
      {children && <div className="ui-wrap ui-wrap--3 page-placeholder__actions">{children}</div>}
    </section>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { type Flash, FlashMessage } from './flash';
import { LoadState } from './load-state';

/**
 * A catalogue tab (packages, subscription plans): the add button, the last action's message and
 * one card per item, each card's content given by `card`.
 */
export function CatalogueCards<T>(props: {
  addLabel: string;
  onAdd(): void;
  flash: Flash;
  query: UseQueryResult<T[]>;
  failure: string;
  testId: string;
  keyOf(item: T): string;
  card(item: T): ReactNode;
  children?: ReactNode;
}) {
  const { addLabel, onAdd, flash, query, failure, testId, keyOf, card, children } = props;
  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <div className="admin-toolbar">
        <button type="button" className="btn btn--primary" onClick={onAdd}>
          {addLabel}
        </button>
      </div>
      <FlashMessage flash={flash} />
      <LoadState query={query} failure={failure}>
        {(list) => (
          <ul className="ui-grid admin-grid" data-testid={testId}>
            {list.map((item) => (
              <li key={keyOf(item)} className="admin-card">
                {card(item)}
              </li>
            ))}
          </ul>
        )}
      </LoadState>
      {children}
    </div>
  );
}

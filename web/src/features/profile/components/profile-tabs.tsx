import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import './profile-tabs.css';

export interface TabItem<T extends string> {
  id: T;
  label: string;
}

interface ProfileTabsProps<T extends string> {
  /** What the tab list is, for screen readers. */
  label: string;
  tabs: readonly TabItem<T>[];
  active: T;
  onSelect(id: T): void;
  /** The active tab's panel; the others are not rendered. */
  children: ReactNode;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: arrow keys, Home and End move between
 * tabs and show each at once; only the active tab is in the Tab order.
 */
export function ProfileTabs<T extends string>({ label, tabs, active, onSelect, children }: ProfileTabsProps<T>) {
  const prefix = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === active);
    const last = tabs.length - 1;
    const targets: Record<string, number> = {
      ArrowRight: index === last ? 0 : index + 1,
      ArrowLeft: index === 0 ? last : index - 1,
      Home: 0,
      End: last,
    };
    const target = tabs[targets[event.key] ?? -1];
    if (!target) return;
    event.preventDefault();
    onSelect(target.id);
    tabRefs.current.get(target.id)?.focus();
  };

  return (
    <div className="profile-tabs">
      <div className="profile-tabs__list" role="tablist" aria-label={label} onKeyDown={onKeyDown}>
        {tabs.map((tab) => {
          const selected = tab.id === active;
          return (
            <button
              key={tab.id}
              ref={(node) => {
                if (node) tabRefs.current.set(tab.id, node);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={tabId(tab.id)}
              className={`profile-tabs__tab${selected ? ' profile-tabs__tab--active' : ''}`}
              aria-selected={selected}
              aria-controls={selected ? panelId : undefined}
              tabIndex={selected ? 0 : -1}
              onClick={() => onSelect(tab.id)}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      <div className="profile-tabs__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </div>
  );
}

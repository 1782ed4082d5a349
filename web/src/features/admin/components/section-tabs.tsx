import type { ReactNode } from 'react';

/**
 * The admin pages' tab strip (the dashboard's sections, the payment page's): one pressed button
 * per tab; `children` add links after them (the dashboard's Payments page).
 */
export function SectionTabs<T extends string>({
  label,
  tabs,
  current,
  onChoose,
  children,
}: {
  label: string;
  tabs: readonly (readonly [id: T, label: string])[];
  current: NoInfer<T>;
  onChoose(tab: NoInfer<T>): void;
  children?: ReactNode;
}) {
  return (
    <nav className="ui-wrap ui-wrap--1 admin-tabs" aria-label={label}>
      {tabs.map(([id, text]) => (
        <button
          key={id}
          type="button"
          className={`admin-tab${current === id ? ' admin-tab--active' : ''}`}
          aria-pressed={current === id}
          onClick={() => onChoose(id)}
        >
          {text}
        </button>
      ))}
      {children}
    </nav>
  );
}

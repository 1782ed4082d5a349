import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
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

/** Which ends of a sideways-scrolling strip have tabs hidden beyond them. */
interface Overflow {
  start: boolean;
  end: boolean;
}

/**
 * Watches a strip that scrolls sideways on a narrow phone, so the edge with hidden tabs can fade
 * out: without it the last tab is simply cut off at the screen's edge ("會員方") and nothing
 * says the strip scrolls.
 */
function useOverflow(strip: HTMLDivElement | null): Overflow {
  const [overflow, setOverflow] = useState<Overflow>({ start: false, end: false });
  useEffect(() => {
    if (!strip) return;
    const measure = () => {
      const hidden = strip.scrollWidth - strip.clientWidth;
      // A pixel of slack: scroll positions are fractional on high-density screens.
      const next = { start: strip.scrollLeft > 1, end: hidden - strip.scrollLeft > 1 };
      setOverflow((current) => (current.start === next.start && current.end === next.end ? current : next));
    };
    measure();
    strip.addEventListener('scroll', measure, { passive: true });
    const resize = new ResizeObserver(measure);
    resize.observe(strip);
    return () => {
      strip.removeEventListener('scroll', measure);
      resize.disconnect();
    };
  }, [strip]);
  return overflow;
}

/**
 * The WAI-ARIA tabs pattern with automatic activation: arrow keys, Home and End move between
 * tabs and show each at once; only the active tab is in the Tab order. On a narrow screen the
 * strip scrolls sideways, fades at the edge that hides tabs, and keeps the active tab in view.
 */
export function ProfileTabs<T extends string>({ label, tabs, active, onSelect, children }: ProfileTabsProps<T>) {
  const prefix = useId();
  const tabRefs = useRef(new Map<T, HTMLButtonElement>());
  const tabId = (id: T) => `${prefix}-tab-${id}`;
  const panelId = `${prefix}-panel`;
  const [strip, setStrip] = useState<HTMLDivElement | null>(null);
  const overflow = useOverflow(strip);

  // The active tab is brought into the strip's view (sideways only: the page does not move).
  useEffect(() => {
    const tab = tabRefs.current.get(active);
    if (strip && tab) strip.scrollTo({ left: tab.offsetLeft - (strip.clientWidth - tab.offsetWidth) / 2 });
  }, [active, strip]);

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
    <div className="ui-stack profile-tabs">
      <div className="profile-tabs__strip">
        <div
          ref={setStrip}
          className={[
            'profile-tabs__list',
            overflow.start && 'profile-tabs__list--more-before',
            overflow.end && 'profile-tabs__list--more-after',
          ]
            .filter(Boolean)
            .join(' ')}
          role="tablist"
          aria-label={label}
          onKeyDown={onKeyDown}
        >
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
                className={`segment profile-tabs__tab${selected ? ' profile-tabs__tab--active' : ''}`}
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
      </div>
      <div className="profile-tabs__panel" role="tabpanel" id={panelId} aria-labelledby={tabId(active)}>
        {children}
      </div>
    </div>
  );
}

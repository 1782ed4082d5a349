import { lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { StrokeIcon } from '@/components/ui/icon/stroke-icon';
import { withText } from '@/lib/i18n';
import { useUnreadCount } from '../api/get-unread-count';
import { badgeText } from '../utils/badge-text';
import './notification-bell.css';

// The list, its calls and its text download when the bell is first opened, not with the page (ADR 70).
const NotificationsPanel = lazy(() => withText(import('./notifications-panel')).then((m) => ({ default: m.NotificationsPanel })));

/**
 * The header's bell: the member's unread count, and the notifications list under it on a click.
 * The list closes itself (Escape, a click outside, a notification followed); its code, calls and
 * text are not part of the first screen.
 */
export function NotificationBell() {
  const { t } = useTranslation();
  const unread = useUnreadCount(true).data ?? 0;
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);

  const badge = badgeText(unread);
  return (
    <div className="notification-bell" ref={root}>
      <button
        type="button"
        className="ui-bar-button notification-bell__button"
        aria-label={unread > 0 ? t('header.bellUnread', { count: unread }) : t('header.bellNone')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((was) => !was)}
        data-testid="notification-bell"
      >
        <BellIcon />
        {badge && (
          <span className="notification-bell__badge" aria-hidden="true" data-testid="notification-badge">
            {badge}
          </span>
        )}
      </button>
      {open && (
        <Suspense fallback={null}>
          <NotificationsPanel id={panelId} within={root} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}

function BellIcon() {
  return (
    <StrokeIcon size={20} round>
      <path d="M18 8a6 6 0 0 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
      <path d="M13.7 21a2 2 0 0 1-3.4 0" />
    </StrokeIcon>
  );
}

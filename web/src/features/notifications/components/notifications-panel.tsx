import { type RefObject, useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryFallback } from '@/components/ui/query-state/query-state';
import { formatDateTime } from '@/lib/format-date';
import { useNotifications } from '../api/get-notifications';
import { useMarkAllRead, useMarkRead } from '../api/mark-read';
import './notifications-panel.css';

/** Where a notification leads: the watchlist, at the stock's card (the alert and its report are there). */
export const notificationTarget = (symbol: string) => `/watchlist#${encodeURIComponent(symbol)}`;

/**
 * The bell's list: the newest notifications, unread first marked, each a link to the stock on
 * the watchlist that is marked read when followed; 全部標為已讀 marks the rest.
 */
export function NotificationsPanel({ id, within, onClose }: { id: string; within: RefObject<HTMLElement | null>; onClose(): void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const list = useNotifications();
  const markRead = useMarkRead();
  const markAllRead = useMarkAllRead();
  // Opening the list re-reads the count too, so the badge and the list agree.
  const { refetch } = list;
  useEffect(() => void refetch(), [refetch]);

  // Escape (back to the bell) or a press outside the bell and its list closes the list.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      within.current?.querySelector('button')?.focus();
    };
    const onPointerDown = (event: PointerEvent) => {
      if (event.target instanceof Node && !within.current?.contains(event.target)) onClose();
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('pointerdown', onPointerDown);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('pointerdown', onPointerDown);
    };
  }, [onClose, within]);

  return (
    <section id={id} className="card ui-stack ui-stack--3 notifications-panel" aria-labelledby={titleId} data-testid="notifications-panel">
      <div className="ui-row ui-row--spread">
        <h2 id={titleId} className="notifications-panel__title">
          {t('notifications.title')}
        </h2>
        <button
          type="button"
          className="btn btn--ghost"
          disabled={!list.isSuccess || list.data.unread === 0 || markAllRead.isPending}
          onClick={() => markAllRead.mutate()}
        >
          {t('notifications.readAll')}
        </button>
      </div>
      {!list.isSuccess ? (
        <QueryFallback query={list} loading={t('notifications.loading')} failed={t('notifications.loadFailed')} />
      ) : list.data.notifications.length === 0 ? (
        <p className="notifications-panel__empty">{t('notifications.empty')}</p>
      ) : (
        <ul className="ui-stack ui-stack--1 notifications-panel__list">
          {list.data.notifications.map((item) => (
            <li key={item.id}>
              <Link
                to={notificationTarget(item.symbol)}
                className={`notifications-panel__item${item.read ? '' : ' notifications-panel__item--unread'}`}
                onClick={() => {
                  if (!item.read) markRead.mutate(item.id);
                  onClose();
                }}
              >
                <span className="notifications-panel__item-title">
                  {!item.read && <span className="visually-hidden">{t('notifications.unreadMark')}</span>}
                  {item.title}
                </span>
                <span className="notifications-panel__item-body">{item.body}</span>
                <span className="notifications-panel__item-date">{formatDateTime(item.createdAt)}</span>
              </Link>
            </li>
          ))}
        </ul>
      )}
      <Link to="/watchlist" className="notifications-panel__more" onClick={onClose}>
        {t('notifications.toWatchlist')}
      </Link>
    </section>
  );
}

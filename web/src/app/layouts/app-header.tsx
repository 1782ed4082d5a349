import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation, useNavigate } from 'react-router';
import { useToast } from '@/components/ui/toast/use-toast';
import { useLogout } from '@/features/auth/api/logout';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { formatUserName } from '@/features/auth/utils/format-user-name';
import { useBilling } from '@/features/billing/hooks/use-billing';
import { CreditBalance } from '@/features/credits/components/credit-balance';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { StrokeIcon } from '@/components/ui/icon/stroke-icon';
import { getAuthToken } from '@/lib/api-client';
import { BrandLink } from './brand-mark';
import './app-header.css';

export function AppHeader() {
  const { t } = useTranslation();
  const { user, status } = useAuth();
  const logout = useLogout();
  const toast = useToast();
  const { openPurchase } = useBilling();
  const navigate = useNavigate();
  const location = useLocation();
  const panelId = useId();
  const [menuOpen, setMenuOpen] = useState(false);

  // The collapsed menu closes when the user goes somewhere or presses Escape.
  useEffect(() => setMenuOpen(false), [location.pathname]);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => event.key === 'Escape' && setMenuOpen(false);
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const onLogout = async () => {
    if (!window.confirm(t('header.logoutConfirm'))) return;
    await logout();
    toast.info(t('header.loggedOut'));
    navigate('/login');
  };

  const onBuyCredits = () => openPurchase({ tab: 'packages' });

  const isMainTab = location.pathname === '/' || location.pathname === '/main';

  return (
    <header className="app-header">
      <div className="app-header__bar">
        <BrandLink block="app-header" />

        {/* Outside the collapsible panel: on a phone the bell stays in the bar, beside the menu button. */}
        {user && <NotificationBell />}

        <button
          type="button"
          className="ui-bar-button app-header__menu-toggle"
          aria-expanded={menuOpen}
          aria-controls={panelId}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="app-header__menu-icon" aria-hidden="true" />
        </button>

        {/* Any action in the collapsed menu closes it, so it is not left open behind the purchase
            modal (or open again once that closes); a click bubbles here from every link and button. */}
        <div
          id={panelId}
          className={`app-header__panel${menuOpen ? ' app-header__panel--open' : ''}`}
          onClick={(event) => {
            if (event.target instanceof Element && event.target.closest('a, button')) setMenuOpen(false);
          }}
        >
          <nav className="app-header__tabs" aria-label={t('nav.mainLabel')}>
            <Link
              to="/"
              className={`app-header__tab${isMainTab ? ' app-header__tab--active' : ''}`}
              aria-current={isMainTab ? 'page' : undefined}
            >
              {t('nav.analysis')}
            </Link>
            <NavLink to="/history" className={({ isActive }) => `app-header__tab${isActive ? ' app-header__tab--active' : ''}`}>
              {t('nav.history')}
            </NavLink>
            {user && (
              <NavLink to="/watchlist" className={({ isActive }) => `app-header__tab${isActive ? ' app-header__tab--active' : ''}`}>
                {t('nav.watchlist')}
              </NavLink>
            )}
          </nav>

          <div className="app-header__account">
            {user && (
              <>
                <div className="app-header__credits">
                  <CreditBalance />
                  <button type="button" className="btn app-header__buy" onClick={onBuyCredits}>
                    {t('header.buyCredits')}
                  </button>
                </div>
                <div className="app-header__user" data-testid="header-user" title={`${formatUserName(user)}\n${user.email}`}>
                  <span className="app-header__user-name">{formatUserName(user)}</span>
                  <span className="app-header__user-email">{user.email}</span>
                </div>
                <div className="app-header__actions">
                  <button type="button" className="btn app-header__icon-btn" onClick={() => navigate('/profile')}>
                    <GearIcon />
                    <span>{t('header.settings')}</span>
                  </button>
                  <button type="button" className="btn app-header__icon-btn" onClick={() => void onLogout()}>
                    <LogoutIcon />
                    <span>{t('header.logout')}</span>
                  </button>
                </div>
              </>
            )}
            {/* A stored token is being checked: the balance row's place is kept (invisible), so the
                header does not grow under the page once the check answers (a layout shift). */}
            {!user && status === 'checking' && getAuthToken() !== null && (
              <div className="app-header__credits app-header__credits--pending" aria-hidden="true">
                <span className="credit-balance">{t('header.credits')}</span>
                <button type="button" className="btn app-header__buy" tabIndex={-1} disabled>
                  {t('header.buyCredits')}
                </button>
              </div>
            )}
            {!user && status !== 'checking' && (
              <button
                type="button"
                className="btn btn--primary app-header__login"
                onClick={() => navigate('/login', { state: { from: location } })}
              >
                {t('header.loginRegister')}
              </button>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

function GearIcon() {
  return (
    <StrokeIcon>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 0 0 .3 1.8l.1.1a2 2 0 1 1-2.8 2.8l-.1-.1a1.7 1.7 0 0 0-1.8-.3 1.7 1.7 0 0 0-1 1.5V21a2 2 0 0 1-4 0v-.1a1.7 1.7 0 0 0-1.1-1.5 1.7 1.7 0 0 0-1.8.3l-.1.1a2 2 0 1 1-2.8-2.8l.1-.1a1.7 1.7 0 0 0 .3-1.8 1.7 1.7 0 0 0-1.5-1H3a2 2 0 0 1 0-4h.1a1.7 1.7 0 0 0 1.5-1.1 1.7 1.7 0 0 0-.3-1.8l-.1-.1a2 2 0 1 1 2.8-2.8l.1.1a1.7 1.7 0 0 0 1.8.3H9a1.7 1.7 0 0 0 1-1.5V3a2 2 0 0 1 4 0v.1a1.7 1.7 0 0 0 1 1.5 1.7 1.7 0 0 0 1.8-.3l.1-.1a2 2 0 1 1 2.8 2.8l-.1.1a1.7 1.7 0 0 0-.3 1.8V9a1.7 1.7 0 0 0 1.5 1H21a2 2 0 0 1 0 4h-.1a1.7 1.7 0 0 0-1.5 1z" />
    </StrokeIcon>
  );
}

function LogoutIcon() {
  return (
    <StrokeIcon round>
      <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4" />
      <path d="M16 17l5-5-5-5" />
      <path d="M21 12H9" />
    </StrokeIcon>
  );
}

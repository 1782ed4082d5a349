import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router-dom';
import { BrandMark } from './brand-mark';
import './auth-layout.css';

/** Login and password recovery: a focused page with the brand and one card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="auth-layout">
      <Link to="/" className="auth-layout__brand">
        <BrandMark />
        <span className="auth-layout__brand-text">
          <span className="auth-layout__title">{t('app.title')}</span>
          <span className="auth-layout__tagline">{t('app.tagline')}</span>
        </span>
      </Link>
      <main className="auth-layout__main">
        <Outlet />
      </main>
      <p className="auth-layout__footer">{t('footer.disclaimer')}</p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Link, Outlet } from 'react-router';
import { BrandMark } from './brand-mark';
import './admin-layout.css';

/** Admin and developer screens are English and sit outside the investor-facing header. */
export function AdminLayout() {
  const { t } = useTranslation('en');
  return (
    <div className="admin-layout" lang="en">
      <header className="ui-row ui-row--spread ui-row--4 admin-layout__bar">
        <span className="admin-layout__brand">
          <BrandMark />
          {t('layout.brand')}
        </span>
        <Link to="/" className="admin-layout__back">
          {t('layout.backToApp')}
        </Link>
      </header>
      <main className="page">
        <Outlet />
      </main>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { BrandLink } from './brand-mark';
import './auth-layout.css';

/** Login and password recovery: a focused page with the brand and one card. */
export function AuthLayout() {
  const { t } = useTranslation();
  return (
    <div className="ui-stack ui-stack--5 auth-layout">
      <BrandLink block="auth-layout" />
      <main className="auth-layout__main">
        <Outlet />
      </main>
      <p className="auth-layout__footer">{t('footer.disclaimer')}</p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppHeader } from './app-header';
import './main-layout.css';

export function MainLayout() {
  const { t } = useTranslation();
  return (
    <>
      <AppHeader />
      <main className="main-layout__content">
        <Outlet />
      </main>
      <footer className="ui-wrap main-layout__footer">
        <p>{t('footer.disclaimer')}</p>
        <p>
          © {new Date().getFullYear()} {t('app.shortTitle')}
        </p>
      </footer>
    </>
  );
}

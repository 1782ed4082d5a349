import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';

/** Shown when a screen throws while rendering, instead of a blank page. */
export function RouteError() {
  const { t } = useTranslation();
  console.error('Unhandled error while rendering a route', useRouteError());
  return (
    <div className="page">
      <PagePlaceholder title={t('routeError.title')} description={t('routeError.description')}>
        <button type="button" className="btn btn--primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <a href="/" className="btn btn--secondary">
          {t('common.backHome')}
        </a>
      </PagePlaceholder>
    </div>
  );
}

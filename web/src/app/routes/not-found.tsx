import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function NotFoundRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('notFound.title'));
  return (
    <div className="page">
      <PagePlaceholder title={`404 · ${t('notFound.title')}`} description={t('notFound.description')}>
        <Link to="/" className="btn btn--primary">
          {t('common.backHome')}
        </Link>
      </PagePlaceholder>
    </div>
  );
}

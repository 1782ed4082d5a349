import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('resetPassword.title'));
  return (
    <PagePlaceholder title={t('resetPassword.title')} description={t('resetPassword.description')} note={t('common.comingSoon')}>
      <Link to="/login" className="btn btn--secondary">
        {t('common.backToLogin')}
      </Link>
    </PagePlaceholder>
  );
}

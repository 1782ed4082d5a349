import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgotPassword.title'));
  return (
    <PagePlaceholder title={t('forgotPassword.title')} description={t('forgotPassword.description')} note={t('common.comingSoon')}>
      <Link to="/login" className="btn btn--secondary">
        {t('common.backToLogin')}
      </Link>
    </PagePlaceholder>
  );
}

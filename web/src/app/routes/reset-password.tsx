import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ResetPasswordForm } from '@/features/auth/components/reset-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ResetPasswordRoute() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('resetPassword.title'));
  return (
    <section className="card auth-card">
      <header>
        <h1 className="auth-card__title">{t('resetPassword.title')}</h1>
        <p className="auth-card__subtitle">{t('resetPassword.description')}</p>
      </header>
      <ResetPasswordForm token={params.get('token')} />
    </section>
  );
}

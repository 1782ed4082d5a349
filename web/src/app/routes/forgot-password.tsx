import { useTranslation } from 'react-i18next';
import { ForgotPasswordForm } from '@/features/auth/components/forgot-password-form';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function ForgotPasswordRoute() {
  const { t } = useTranslation();
  useDocumentTitle(t('forgotPassword.title'));
  return (
    <section className="card auth-card">
      <header>
        <h1 className="auth-card__title">{t('forgotPassword.title')}</h1>
        <p className="auth-card__subtitle">{t('forgotPassword.description')}</p>
      </header>
      <ForgotPasswordForm />
    </section>
  );
}

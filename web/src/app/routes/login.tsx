import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { LoginForm, type LoginMode } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { redirectTarget } from '@/features/auth/utils/redirect-target';
import { useDocumentTitle } from '@/hooks/use-document-title';

export function LoginRoute() {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<LoginMode>('login');
  const target = redirectTarget(location.state);
  useDocumentTitle(mode === 'login' ? t('auth.loginTab') : t('auth.registerTab'));

  if (isAuthenticated) return <Navigate to={target} replace />;

  return (
    <section className="card auth-card">
      <header>
        <h1 className="auth-card__title">{mode === 'login' ? t('auth.loginTitle') : t('auth.registerTitle')}</h1>
        <p className="auth-card__subtitle">{mode === 'login' ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}</p>
      </header>
      <LoginForm onModeChange={setMode} onSuccess={() => navigate(target, { replace: true })} />
    </section>
  );
}

import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { LoginForm, type LoginMode } from '@/features/auth/components/login-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { redirectTarget } from '@/features/auth/utils/redirect-target';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { FormMessage } from '@/components/ui/form-message/form-message';

export function LoginRoute() {
  const { t } = useTranslation();
  const { isAuthenticated, adoptToken } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [mode, setMode] = useState<LoginMode>('login');
  const target = redirectTarget(location.state);
  useDocumentTitle(mode === 'login' ? t('auth.loginTab') : t('auth.registerTab'));
  const [googleError, setGoogleError] = useState<string | null>(null);

  // Back from Google sign-in: the API put the token (or an error code) in the URL fragment.
  useEffect(() => {
    const params = new URLSearchParams(location.hash.slice(1));
    const token = params.get('token');
    const error = params.get('error');
    if (!token && !error) return;
    window.history.replaceState(window.history.state, '', location.pathname + location.search);
    if (token) void adoptToken(token);
    else setGoogleError(googleErrorMessage(error ?? '', t));
  }, [location.hash, location.pathname, location.search, adoptToken, t]);

  if (isAuthenticated) return <Navigate to={target} replace />;

  return (
    <section className="card auth-card">
      <header>
        <h1 className="auth-card__title">{mode === 'login' ? t('auth.loginTitle') : t('auth.registerTitle')}</h1>
        <p className="auth-card__subtitle">{mode === 'login' ? t('auth.loginSubtitle') : t('auth.registerSubtitle')}</p>
      </header>
      {googleError && <FormMessage>{googleError}</FormMessage>}
      <LoginForm onModeChange={setMode} onSuccess={() => navigate(target, { replace: true })} />
    </section>
  );
}

function googleErrorMessage(code: string, t: TFunction): string {
  switch (code) {
    case 'google_email_unverified':
      return t('auth.googleErrors.emailUnverified');
    case 'google_cancelled':
      return t('auth.googleErrors.cancelled');
    case 'google_expired':
      return t('auth.googleErrors.expired');
    default:
      return t('auth.googleErrors.failed');
  }
}

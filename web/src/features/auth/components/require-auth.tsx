import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useAuth } from '../hooks/use-auth';

interface RequireAuthProps {
  children: ReactNode;
  /** Where a visitor is sent; the page they asked for travels along as router state `from`. */
  redirectTo?: string;
}

export function RequireAuth({ children, redirectTo = '/' }: RequireAuthProps) {
  const { t } = useTranslation();
  const { status, isAuthenticated } = useAuth();
  const location = useLocation();

  if (status === 'checking') return <Spinner label={t('auth.checkingSession')} />;
  if (!isAuthenticated) return <Navigate to={redirectTo} replace state={{ from: location }} />;
  return children;
}

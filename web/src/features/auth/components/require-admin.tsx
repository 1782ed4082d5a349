import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useAuth } from '../hooks/use-auth';

interface RequireAdminProps {
  children: ReactNode;
  /** Let anyone in (the API testing page in development builds). */
  open?: boolean;
}

/**
 * The admin area's gate (spec admin-area.md section 6): visitors and non-admins see the spec's
 * texts instead of the page. The server checks the role on every admin call regardless.
 */
export function RequireAdmin({ children, open = false }: RequireAdminProps) {
  const { t } = useTranslation('en');
  const { status, user } = useAuth();
  if (open) return children;
  if (status === 'checking') return <Spinner label={t('access.checking')} />;
  if (!user) return <p className="card">{t('access.loginRequired')}</p>;
  if (user.role !== 'admin') return <p className="card">{t('access.adminRequired')}</p>;
  return children;
}

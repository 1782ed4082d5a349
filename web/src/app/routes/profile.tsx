import { useTranslation } from 'react-i18next';
import { PagePlaceholder } from '@/components/ui/page-placeholder/page-placeholder';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { formatUserName } from '@/features/auth/utils/format-user-name';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** Reached only through RequireAuth, so a user is always present. */
export function ProfileRoute() {
  const { t } = useTranslation();
  const { user } = useAuth();
  useDocumentTitle(t('profile.title'));

  return (
    <div className="page">
      <PagePlaceholder
        title={t('profile.title')}
        description={user ? `${formatUserName(user)} · ${user.email}` : ''}
        note={t('common.comingSoon')}
      >
        <p className="page__lead">{t('profile.placeholder')}</p>
      </PagePlaceholder>
    </div>
  );
}

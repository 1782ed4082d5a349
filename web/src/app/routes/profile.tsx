import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useToast } from '@/components/ui/toast/use-toast';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { formatUserName } from '@/features/auth/utils/format-user-name';
import { useProfile } from '@/features/profile/api/get-profile';
import { BasicInfoForm } from '@/features/profile/components/basic-info-form';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { InvestmentPreferencesPanel } from '@/features/profile/components/investment-preferences-panel';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { ProfileTabs } from '@/features/profile/components/profile-tabs';
import type { ProfileData } from '@/features/profile/types/profile';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TABS = ['basic', 'preferences', 'password'] as const;
type Tab = (typeof TABS)[number];

/**
 * The profile page (spec section 2). Reached only through RequireAuth. The open tab lives in
 * the address (?tab=password) so a link can open it and a reload keeps it.
 */
export function ProfileRoute() {
  const { t } = useTranslation();
  const { replaceToken, verify } = useAuth();
  const toast = useToast();
  const profile = useProfile();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(t('profile.title'));

  const tab: Tab = TABS.find((id) => id === searchParams.get('tab')) ?? 'basic';
  const selectTab = (id: Tab) => setSearchParams(id === 'basic' ? {} : { tab: id }, { replace: true });

  // The purchase modal arrives in a later release; until then the button says so instead of doing nothing.
  const onUpgrade = () => toast.info(t('profile.header.upgradeComingSoon'));

  // The header shows the signed-in user's name, so it is refreshed after the name changes.
  const onBasicInfoSaved = (data: ProfileData) => {
    profile.replace(data);
    void verify();
  };

  if (profile.status === 'loading') {
    return (
      <div className="page">
        <Spinner label={t('profile.loading')} />
      </div>
    );
  }

  if (profile.status === 'error') {
    return (
      <div className="page">
        <ProfileLoadError onRetry={() => void profile.reload()} />
      </div>
    );
  }

  const { user, profile: investor } = profile.data;

  return (
    <div className="page">
      <ProfileHeader user={user} displayName={formatUserName(user)} onUpgrade={onUpgrade} />
      <ProfileTabs
        label={t('profile.tabs.label')}
        tabs={TABS.map((id) => ({ id, label: t(`profile.tabs.${id}`) }))}
        active={tab}
        onSelect={selectTab}
      >
        {tab === 'basic' && <BasicInfoForm user={user} onSaved={onBasicInfoSaved} />}
        {tab === 'preferences' && <InvestmentPreferencesPanel profile={investor} onSaved={profile.replace} />}
        {tab === 'password' && <ChangePasswordForm onTokenReplaced={replaceToken} />}
      </ProfileTabs>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner/spinner';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { formatUserName } from '@/features/auth/utils/format-user-name';
import { CreditHistory } from '@/features/billing/components/credit-history';
import { CurrentPlan } from '@/features/billing/components/current-plan';
import { PlanCatalogue } from '@/features/billing/components/plan-catalogue';
import { RecentPayments } from '@/features/billing/components/recent-payments';
import { useBilling, useSubscription } from '@/features/billing/hooks/use-billing';
import { useCredits } from '@/features/credits/hooks/use-credits';
import { useProfile } from '@/features/profile/api/get-profile';
import { BasicInfoForm } from '@/features/profile/components/basic-info-form';
import { BillingTab } from '@/features/profile/components/billing-tab';
import { ChangePasswordForm } from '@/features/profile/components/change-password-form';
import { InvestmentPreferencesPanel } from '@/features/profile/components/investment-preferences-panel';
import { EmailAlertsSetting } from '@/features/notifications/components/email-alerts-setting';
import { MembershipTab } from '@/features/profile/components/membership-tab';
import { ProfileLoadError } from '@/features/profile/components/profile-load-error';
import { ProfileHeader } from '@/features/profile/components/profile-header';
import { ProfileSection } from '@/features/profile/components/profile-section';
import { ProfileTabs } from '@/features/profile/components/profile-tabs';
import { MEMBERSHIP_LEVELS } from '@/features/profile/types/profile';
import { useDocumentTitle } from '@/hooks/use-document-title';

const TABS = ['basic', 'preferences', 'password', 'notifications', 'billing', 'membership'] as const;
type Tab = (typeof TABS)[number];

/**
 * The profile page (spec section 2). Reached only through RequireAuth. The open tab lives in
 * the address (?tab=password) so a link can open it and a reload keeps it.
 */
export function ProfileRoute() {
  const { t } = useTranslation();
  const { replaceToken, verify } = useAuth();
  const profile = useProfile();
  const billing = useBilling();
  const subscription = useSubscription();
  const { credits } = useCredits();
  const [searchParams, setSearchParams] = useSearchParams();
  useDocumentTitle(t('profile.title'));

  const tab: Tab = TABS.find((id) => id === searchParams.get('tab')) ?? 'basic';
  const selectTab = (id: Tab) => setSearchParams(id === 'basic' ? {} : { tab: id }, { replace: true });

  const onUpgrade = () => billing.openPurchase({ tab: 'plans' });

  // The header shows the signed-in user's name, so it is refreshed after the name changes.
  const onBasicInfoSaved = () => void verify();

  if (profile.isPending) {
    return (
      <div className="page">
        <Spinner label={t('profile.loading')} />
      </div>
    );
  }

  if (profile.isError) {
    return (
      <div className="page">
        <ProfileLoadError onRetry={() => void profile.refetch()} />
      </div>
    );
  }

  const { user: account, profile: investor } = profile.data;
  // Billing decides the level; the account's copy follows by event, so billing's is the fresher.
  const user = { ...account, level: MEMBERSHIP_LEVELS.find((level) => level === subscription.data?.level) ?? account.level };

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
        {tab === 'preferences' && <InvestmentPreferencesPanel profile={investor} />}
        {tab === 'password' && <ChangePasswordForm onTokenReplaced={replaceToken} />}
        {tab === 'notifications' && (
          <ProfileSection title={t('notifications.settings.title')} description={t('notifications.settings.description')}>
            <EmailAlertsSetting />
          </ProfileSection>
        )}
        {tab === 'billing' && (
          <BillingTab
            balance={credits}
            onBuyCredits={() => billing.openPurchase({ tab: 'packages' })}
            payments={<RecentPayments />}
            creditHistory={<CreditHistory />}
          />
        )}
        {tab === 'membership' && <MembershipTab currentPlan={<CurrentPlan />} plans={<PlanCatalogue />} />}
      </ProfileTabs>
    </div>
  );
}

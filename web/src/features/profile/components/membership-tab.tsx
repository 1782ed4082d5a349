import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileSection } from './profile-section';
import './billing-tab.css';

interface MembershipTabProps {
  /** The current plan with its actions (the billing feature's), placed by the page. */
  currentPlan: ReactNode;
  /** The plan list (the billing feature's). */
  plans: ReactNode;
}

/** The Membership plans tab (spec section 2): the current plan, then the plans to choose from. */
export function MembershipTab({ currentPlan, plans }: MembershipTabProps) {
  const { t } = useTranslation();
  return (
    <div className="ui-stack profile-tab-stack">
      <ProfileSection title={t('billing.membership.title')}>{currentPlan}</ProfileSection>
      <ProfileSection title={t('billing.membership.plansTitle')} description={t('billing.membership.plansDescription')}>
        {plans}
      </ProfileSection>
    </div>
  );
}

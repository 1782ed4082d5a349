import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ProfileActions, ProfileSection } from './profile-section';
import './billing-tab.css';

/** The balance as the profile shows it: total, free (daily) and paid credits. */
export interface BalanceFigures {
  totalCredits: number;
  freeCredits: number;
  paidCredits: number;
}

interface BillingTabProps {
  /** null while the balance loads. */
  balance: BalanceFigures | null;
  onBuyCredits(): void;
  /** The latest payments list (the billing feature's), placed by the page. */
  payments: ReactNode;
  /** The latest changes of the balance (the billing feature's), placed by the page. */
  creditHistory?: ReactNode;
}

/** The Billing tab (spec section 2): credit balance with the buy button, the last payments, then the last credit changes. */
export function BillingTab({ balance, onBuyCredits, payments, creditHistory }: BillingTabProps) {
  const { t } = useTranslation();
  const figures = [
    { id: 'total', label: t('billing.balance.total'), value: balance?.totalCredits },
    { id: 'free', label: t('billing.balance.free'), value: balance?.freeCredits },
    { id: 'paid', label: t('billing.balance.paid'), value: balance?.paidCredits },
  ];

  return (
    <div className="ui-stack profile-tab-stack">
      <ProfileSection title={t('billing.balance.title')} description={t('billing.balance.description')}>
        <dl className="balance-figures" data-testid="profile-balance">
          {figures.map((figure) => (
            <div key={figure.id} className={`balance-figures__item balance-figures__item--${figure.id}`}>
              <dt>{figure.label}</dt>
              <dd data-testid={`balance-${figure.id}`}>{figure.value ?? t('billing.balance.loading')}</dd>
            </div>
          ))}
        </dl>
        <ProfileActions>
          <button type="button" className="btn btn--primary" onClick={onBuyCredits}>
            {t('billing.balance.buy')}
          </button>
        </ProfileActions>
      </ProfileSection>
      <ProfileSection title={t('billing.payments.title')} description={t('billing.payments.description')}>
        {payments}
      </ProfileSection>
      {creditHistory && (
        <ProfileSection title={t('billing.creditHistory.title')} description={t('billing.creditHistory.description')}>
          {creditHistory}
        </ProfileSection>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/ui/spinner/spinner';
import { usePlans } from '../api/get-plans';
import type { SubscriptionPlan } from '../types/catalogue';
import { isFreePlan, isPaidPlan } from '../utils/plan-pricing';

/**
 * The plans a member can choose, for the profile's catalogue and the purchase modal alike: paid
 * plans only when they have a price, the free plan always (spec section 5), with the one loading
 * and failure state both show.
 */
export function OfferedPlans({ children }: { children(plans: SubscriptionPlan[]): ReactNode }) {
  const { t } = useTranslation();
  const plans = usePlans();

  if (plans.isPending) return <Spinner label={t('billing.plans.loading')} />;
  if (plans.isError)
    return (
      <p className="form-error" role="alert">
        {t('billing.plans.loadFailed')}
      </p>
    );
  return children(plans.data.filter((plan) => isFreePlan(plan) || isPaidPlan(plan)));
}

import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePlans } from '../api/get-plans';
import type { SubscriptionPlan } from '../types/catalogue';
import { isFreePlan, isPaidPlan } from '../utils/plan-pricing';
import { QueryFallback } from '@/components/ui/query-state/query-state';

/**
 * The plans a member can choose, for the profile's catalogue and the purchase modal alike: paid
 * plans only when they have a price, the free plan always (spec section 5), with the one loading
 * and failure state both show.
 */
export function OfferedPlans({ children }: { children(plans: SubscriptionPlan[]): ReactNode }) {
  const { t } = useTranslation();
  const plans = usePlans();

  if (!plans.isSuccess) return <QueryFallback query={plans} loading={t('billing.plans.loading')} failed={t('billing.plans.loadFailed')} />;
  return children(plans.data.filter((plan) => isFreePlan(plan) || isPaidPlan(plan)));
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast/use-toast';
import { cancelSubscription } from '../api/manage-subscription';
import { useBilling } from './use-billing';

/**
 * Choosing the free plan (spec section 4): with no paid subscription there is nothing to do;
 * otherwise, once the user confirms, the paid subscription ends at once. Resolves true when the
 * user is on the free plan afterwards (the caller then closes the modal).
 */
export function useChooseFreePlan() {
  const { t } = useTranslation();
  const toast = useToast();
  const { subscription, subscriptionChanged } = useBilling();
  const [busy, setBusy] = useState(false);

  const chooseFree = async (): Promise<boolean> => {
    if (!subscription.data?.hasSubscription) return true;
    if (!window.confirm(t('billing.plans.freeConfirm'))) return false;
    setBusy(true);
    try {
      subscriptionChanged(await cancelSubscription(true));
      toast.success(t('billing.plans.freeSwitched'));
      return true;
    } catch (error) {
      console.error('Failed to switch to the free plan', error);
      toast.error(t('billing.errors.freePlan'));
      return false;
    } finally {
      setBusy(false);
    }
  };

  return { chooseFree, busy };
}

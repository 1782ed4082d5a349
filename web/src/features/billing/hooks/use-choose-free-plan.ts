import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast/use-toast';
import { useSubscriptionAction } from '../api/manage-subscription';
import { useSubscription } from './use-billing';

/**
 * Choosing the free plan (spec section 4): with no paid subscription there is nothing to do;
 * otherwise, once the user confirms, the paid subscription ends at once. Resolves true when the
 * user is on the free plan afterwards (the caller then closes the modal).
 */
export function useChooseFreePlan() {
  const { t } = useTranslation();
  const toast = useToast();
  const subscription = useSubscription();
  const action = useSubscriptionAction();

  const chooseFree = async (): Promise<boolean> => {
    // Asked for when the plans were shown; a click before it answered waits for it.
    const current = subscription.data ?? (await subscription.refetch()).data;
    if (!current?.hasSubscription) return true;
    if (!window.confirm(t('billing.plans.freeConfirm'))) return false;
    try {
      await action.mutateAsync({ kind: 'cancel', immediate: true });
      toast.success(t('billing.plans.freeSwitched'));
      return true;
    } catch {
      toast.error(t('billing.errors.freePlan'));
      return false;
    }
  };

  return { chooseFree, busy: action.isPending };
}

import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/ui/toast/use-toast';
import { formatDate } from '@/lib/format-date';
import { type SubscriptionAction, useSubscriptionAction } from '../api/manage-subscription';
import { useBilling, useSubscription } from '../hooks/use-billing';
import './current-plan.css';
import { QueryFallback } from '@/components/ui/query-state/query-state';

/**
 * The membership tab's current plan: level, expiry (or permanent), days remaining (or
 * unlimited), auto-renewal; upgrade, auto-renewal off/on and cancellation at period end.
 */
export function CurrentPlan() {
  const { t } = useTranslation();
  const toast = useToast();
  const { openPurchase } = useBilling();
  const subscription = useSubscription();
  const action = useSubscriptionAction();
  const busy = action.isPending ? action.variables.kind : null;

  if (!subscription.isSuccess)
    return <QueryFallback query={subscription} loading={t('billing.membership.loading')} failed={t('billing.membership.loadFailed')} />;

  const { level, subscription: sub } = subscription.data;
  const levelName = level === 'free' || level === 'vip' || level === 'premium' ? t(`billing.levels.${level}`) : level;
  const endsAt = formatDate(sub?.expiresAt ?? null);

  const act = (next: SubscriptionAction, success: string) =>
    action.mutate(next, {
      onSuccess: () => toast.success(success),
      onError: (error) => toast.error(t('billing.errors.operation', { message: error.message })),
    });

  const toggleAutoRenewal = () => {
    const next = !sub?.autoRenewal;
    act({ kind: 'autoRenewal', autoRenewal: next }, t(next ? 'billing.membership.autoRenewalOn' : 'billing.membership.autoRenewalOff'));
  };

  const cancel = () => {
    if (!window.confirm(t('billing.membership.cancelConfirm', { date: endsAt }))) return;
    act({ kind: 'cancel', immediate: false }, t('billing.membership.canceled', { date: endsAt }));
  };

  return (
    <div className="ui-stack current-plan" data-testid="current-plan">
      <dl className="ui-grid current-plan__facts">
        <div>
          <dt>{t('billing.membership.level')}</dt>
          <dd data-testid="current-level">{levelName}</dd>
        </div>
        <div>
          <dt>{t('billing.membership.expiresAt')}</dt>
          <dd>{sub ? endsAt : t('billing.membership.permanent')}</dd>
        </div>
        <div>
          <dt>{t('billing.membership.daysRemaining')}</dt>
          <dd>
            {sub?.daysRemaining != null ? t('billing.membership.days', { count: sub.daysRemaining }) : t('billing.membership.unlimited')}
          </dd>
        </div>
        {sub && (
          <div>
            <dt>{t('billing.membership.autoRenewal')}</dt>
            <dd data-testid="auto-renewal">
              <span className={`current-plan__switch current-plan__switch--${sub.autoRenewal ? 'on' : 'off'}`}>
                {sub.autoRenewal ? t('billing.membership.on') : t('billing.membership.off')}
              </span>
            </dd>
          </div>
        )}
      </dl>
      {sub?.cancelAtPeriodEnd && <p className="current-plan__ending">{t('billing.membership.endsAt', { date: endsAt })}</p>}
      <div className="ui-wrap ui-wrap--3 current-plan__actions">
        <button type="button" className="btn btn--primary" onClick={() => openPurchase({ tab: 'plans' })}>
          {t('billing.membership.upgrade')}
        </button>
        {sub && (
          <button type="button" className="btn btn--secondary" disabled={busy !== null} onClick={toggleAutoRenewal}>
            {busy === 'autoRenewal'
              ? t('billing.membership.working')
              : sub.autoRenewal
                ? t('billing.membership.turnOffAutoRenewal')
                : t('billing.membership.turnOnAutoRenewal')}
          </button>
        )}
        {sub && !sub.cancelAtPeriodEnd && (
          <button type="button" className="btn btn--ghost current-plan__cancel" disabled={busy !== null} onClick={cancel}>
            {busy === 'cancel' ? t('billing.membership.working') : t('billing.membership.cancel')}
          </button>
        )}
      </div>
    </div>
  );
}

import { WATCHLIST_LIMITS } from '@stockai/contracts';
import { useTranslation } from 'react-i18next';
import type { BillingCycle, SubscriptionPlan } from '../types/catalogue';
import { formatMoney } from '../utils/format-money';
import { isFreePlan, priceFor, yearlySaving } from '../utils/plan-pricing';
import './purchase-modal.css';

interface PlanCardProps {
  plan: SubscriptionPlan;
  /** The plan listed before this one: its features are summed up in one line, and only what this plan adds is listed. */
  below?: SubscriptionPlan;
  cycle: BillingCycle;
  /** The user's current plan: shown, but it cannot be chosen again. */
  isCurrent: boolean;
  isSelected?: boolean;
  busy?: boolean;
  onChoose(): void;
}

/** The plans side by side, each after the one below it; `selectedId` is the plan chosen for payment. */
export function PlanGrid(props: {
  plans: SubscriptionPlan[];
  cycle: BillingCycle;
  currentLevel: string;
  selectedId?: string;
  busy: boolean;
  onChoose(plan: SubscriptionPlan): void;
}) {
  const { plans, cycle, currentLevel, selectedId, busy, onChoose } = props;
  return (
    <ul className="plan-grid">
      {plans.map((plan, index) => (
        <PlanCard
          key={plan.id}
          plan={plan}
          below={plans[index - 1]}
          cycle={cycle}
          isCurrent={plan.level === currentLevel}
          isSelected={plan.id === selectedId}
          busy={busy}
          onChoose={() => onChoose(plan)}
        />
      ))}
    </ul>
  );
}

/** A subscription plan: price for the cycle, yearly saving and its features (the catalogue's own words). */
export function PlanCard({ plan, below, cycle, isCurrent, isSelected = false, busy = false, onChoose }: PlanCardProps) {
  const { t } = useTranslation();
  const free = isFreePlan(plan);
  const price = priceFor(plan, cycle);
  const saving = cycle === 'yearly' ? yearlySaving(plan) : null;
  const available = free || price !== null;
  // The figure the API enforces for the plan's level; a level the contracts do not know shows none.
  const watchlistLimit = (WATCHLIST_LIMITS as Record<string, number | undefined>)[plan.level];
  const classes = ['plan-card', `plan-card--${plan.level}`, isCurrent && 'plan-card--current', isSelected && 'plan-card--selected'];

  return (
    <li className={classes.filter(Boolean).join(' ')} data-testid={`plan-${plan.id}`}>
      <div className="ui-row ui-row--spread ui-row--2 plan-card__head">
        <h3 className="plan-card__name">{plan.name}</h3>
        {isCurrent && <span className="badge badge--current">{t('billing.plans.current')}</span>}
      </div>
      <p className="plan-card__price">
        {free ? (
          t('billing.plans.free')
        ) : price ? (
          <>
            {formatMoney(price)}
            <span className="plan-card__per">{t(cycle === 'yearly' ? 'billing.plans.perYear' : 'billing.plans.perMonth')}</span>
          </>
        ) : (
          <span className="plan-card__unavailable">{t('billing.plans.noPriceForCycle', { cycle: t(`billing.plans.${cycle}`) })}</span>
        )}
      </p>
      <p className="plan-card__saving">
        {saving ? t('billing.plans.yearlySaving', { year: formatMoney(saving.perYear), month: formatMoney(saving.perMonth) }) : '\u00a0'}
      </p>
      <ul className="ui-stack ui-stack--1 plan-card__features">
        {below && <li className="plan-card__includes">{t('billing.plans.everythingIn', { plan: below.name })}</li>}
        {watchlistLimit !== undefined && <li>{t('billing.plans.watchlistLimit', { count: watchlistLimit })}</li>}
        {plan.features
          .filter((feature) => !below?.features.includes(feature))
          .map((feature) => (
            <li key={feature}>{feature}</li>
          ))}
      </ul>
      <button
        type="button"
        className={`btn btn--block ${isCurrent || isSelected ? 'btn--secondary' : 'btn--primary'}`}
        disabled={isCurrent || !available || busy}
        aria-pressed={isSelected}
        onClick={onChoose}
      >
        {isCurrent
          ? t('billing.plans.current')
          : isSelected
            ? t('billing.plans.selected')
            : free
              ? t('billing.plans.chooseFree')
              : t('billing.plans.choose')}
      </button>
    </li>
  );
}

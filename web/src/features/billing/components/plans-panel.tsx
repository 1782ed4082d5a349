import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSubscription } from '../hooks/use-billing';
import { useChooseFreePlan } from '../hooks/use-choose-free-plan';
import type { BillingCycle, SubscriptionPlan } from '../types/catalogue';
import type { PurchaseOutcome } from '../types/purchase';
import { formatMoney } from '../utils/format-money';
import { defaultCycle, isFreePlan, priceFor } from '../utils/plan-pricing';
import { BillingCycleToggle } from './billing-cycle-toggle';
import { CardPayment } from './card-payment';
import { OfferedPlans } from './offered-plans';
import { PlanGrid } from './plan-card';

interface PlansPanelProps {
  initialPlanId?: string;
  initialCycle?: BillingCycle;
  onPaid(outcome: PurchaseOutcome): void;
  onClose(): void;
}

/** The subscription tab: plan cards with the cycle toggle, then the card form for a paid plan. */
export function PlansPanel(props: PlansPanelProps) {
  return <OfferedPlans>{(plans) => <PlanChooser plans={plans} {...props} />}</OfferedPlans>;
}

function PlanChooser({ plans, initialPlanId, initialCycle, onPaid, onClose }: PlansPanelProps & { plans: SubscriptionPlan[] }) {
  const { t } = useTranslation();
  const subscription = useSubscription();
  const { chooseFree, busy } = useChooseFreePlan();
  const [cycle, setCycle] = useState<BillingCycle>(initialCycle ?? defaultCycle(plans));
  const [selectedId, setSelectedId] = useState<string | null>(initialPlanId ?? null);
  const [autoRenewal, setAutoRenewal] = useState(true);

  const currentLevel = subscription.data?.level ?? 'free';
  const selected = plans.find((plan) => plan.id === selectedId && !isFreePlan(plan) && plan.level !== currentLevel) ?? null;
  const price = selected && priceFor(selected, cycle);
  const hasCycles = plans.some((plan) => plan.monthly && !isFreePlan(plan)) && plans.some((plan) => plan.yearly && !isFreePlan(plan));

  const choose = async (plan: SubscriptionPlan) => {
    if (!isFreePlan(plan)) {
      setSelectedId(plan.id);
      return;
    }
    setSelectedId(null);
    if (await chooseFree()) onClose();
  };

  return (
    <div className="purchase-modal__section">
      {hasCycles && <BillingCycleToggle value={cycle} onChange={setCycle} />}
      <PlanGrid
        plans={plans}
        cycle={cycle}
        currentLevel={currentLevel}
        selectedId={selected?.id}
        busy={busy}
        onChoose={(plan) => void choose(plan)}
      />
      {selected && price && (
        <>
          <label className="purchase-modal__check">
            <input type="checkbox" checked={autoRenewal} onChange={(event) => setAutoRenewal(event.target.checked)} />
            {t('billing.plans.autoRenewal')}
          </label>
          <CardPayment
            key={`${selected.id}:${cycle}`}
            order={{ kind: 'plan', plan: selected, cycle, price, autoRenewal }}
            item={t('billing.card.planItem', { name: selected.name, cycle: t(`billing.plans.${cycle}`) })}
            submitLabel={t('billing.card.pay', { price: formatMoney(price) })}
            onPaid={onPaid}
          />
        </>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useBilling, useSubscription } from '../hooks/use-billing';
import { useChooseFreePlan } from '../hooks/use-choose-free-plan';
import type { BillingCycle, SubscriptionPlan } from '../types/catalogue';
import { defaultCycle, isFreePlan } from '../utils/plan-pricing';
import { BillingCycleToggle } from './billing-cycle-toggle';
import { OfferedPlans } from './offered-plans';
import { PlanGrid } from './plan-card';

/** The membership tab's plan list; choosing a paid plan opens the purchase modal with it chosen. */
export function PlanCatalogue() {
  return <OfferedPlans>{(plans) => <PlanCatalogueList plans={plans} />}</OfferedPlans>;
}

function PlanCatalogueList({ plans }: { plans: SubscriptionPlan[] }) {
  const { openPurchase } = useBilling();
  const subscription = useSubscription();
  const { chooseFree, busy } = useChooseFreePlan();
  const [cycle, setCycle] = useState<BillingCycle>(defaultCycle(plans));
  const currentLevel = subscription.data?.level ?? 'free';

  const choose = (plan: SubscriptionPlan) => {
    if (isFreePlan(plan)) void chooseFree();
    else openPurchase({ tab: 'plans', planId: plan.id, cycle });
  };

  return (
    <div className="ui-stack plan-catalogue">
      <BillingCycleToggle value={cycle} onChange={setCycle} />
      <PlanGrid plans={plans} cycle={cycle} currentLevel={currentLevel} busy={busy} onChoose={choose} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { SegmentedControl } from '@/components/ui/segmented-control/segmented-control';
import type { BillingCycle } from '../types/catalogue';

const CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/** Monthly or yearly prices on the plan cards. */
export function BillingCycleToggle({ value, onChange }: { value: BillingCycle; onChange(cycle: BillingCycle): void }) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      role={{ kind: 'radios' }}
      label={t('billing.plans.cycleLabel')}
      options={CYCLES}
      value={value}
      onChange={onChange}
      optionLabel={(cycle) => t(`billing.plans.${cycle}`)}
      className="cycle-toggle"
      optionClassName="cycle-toggle__option"
    />
  );
}

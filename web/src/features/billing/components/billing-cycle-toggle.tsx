import { useTranslation } from 'react-i18next';
import type { BillingCycle } from '../types/catalogue';

const CYCLES: readonly BillingCycle[] = ['monthly', 'yearly'];

/** Monthly or yearly prices on the plan cards. */
export function BillingCycleToggle({ value, onChange }: { value: BillingCycle; onChange(cycle: BillingCycle): void }) {
  const { t } = useTranslation();
  return (
    <div className="cycle-toggle" role="radiogroup" aria-label={t('billing.plans.cycleLabel')}>
      {CYCLES.map((cycle) => (
        <button
          key={cycle}
          type="button"
          role="radio"
          aria-checked={value === cycle}
          className={`segment cycle-toggle__option${value === cycle ? ' cycle-toggle__option--active' : ''}`}
          onClick={() => onChange(cycle)}
        >
          {t(`billing.plans.${cycle}`)}
        </button>
      ))}
    </div>
  );
}

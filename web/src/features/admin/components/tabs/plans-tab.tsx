import type { AdminPlan } from '@stockai/contracts';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal/modal';
import { useAddPlan, useAdminPlans, useDeletePlan, useUpdatePlan, useUpdatePlanPrice } from '../../api/catalogue';
import { messageOf } from '../../utils/errors';
import { formatMoney } from '../../utils/format';
import { CatalogueCards } from '../catalogue-cards';
import { useFlash } from '../flash';
import { FormFooter } from '../form-footer';
import { ItemActions } from '../item-actions';

const CYCLES = [
  ['monthly', 'Monthly'],
  ['yearly', 'Yearly'],
] as const;

type Editing = { mode: 'add' } | { mode: 'edit'; plan: AdminPlan } | { mode: 'price'; plan: AdminPlan; cycle: 'monthly' | 'yearly' } | null;

/** Features one per line, blank lines dropped (spec section 5). */
const featuresOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

function PlanForm({ plan, onSaved, onCancel }: { plan: AdminPlan | null; onSaved(message: string): void; onCancel(): void }) {
  const add = useAddPlan();
  const update = useUpdatePlan();
  const [planId, setPlanId] = useState('');
  const [name, setName] = useState(plan?.name ?? '');
  const [levelType, setLevelType] = useState(plan?.levelType ?? 'vip');
  const [monthly, setMonthly] = useState(plan?.monthly ? String(plan.monthly.price) : '');
  const [yearly, setYearly] = useState(plan?.yearly ? String(plan.yearly.price) : '');
  const [features, setFeatures] = useState(plan?.features.join('\n') ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = {
      name: name.trim(),
      levelType,
      features: featuresOf(features),
      monthly: { price: Number(monthly) },
      yearly: { price: Number(yearly) },
    };
    if (plan) {
      update.mutate(
        { planId: plan.id, ...input },
        {
          onSuccess: () => onSaved('Subscription plan updated successfully'),
          onError: (e) => setError(messageOf(e, 'Failed to update subscription plan')),
        },
      );
    } else {
      add.mutate(
        { planId: planId.trim(), ...input },
        {
          onSuccess: () => onSaved('Subscription plan added successfully'),
          onError: (e) => setError(messageOf(e, 'Failed to add subscription plan')),
        },
      );
    }
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      {!plan && (
        <label>
          Plan ID
          <input type="text" required value={planId} onChange={(e) => setPlanId(e.target.value)} />
        </label>
      )}
      <label>
        Name
        <input type="text" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        User level
        <select value={levelType} onChange={(e) => setLevelType(e.target.value)}>
          <option value="free">free</option>
          <option value="vip">vip</option>
          <option value="premium">premium</option>
        </select>
      </label>
      <label>
        Monthly price{plan?.monthly ? ` (${plan.monthly.currency})` : ''}
        <input type="number" required min={0} step={0.01} placeholder="9.99" value={monthly} onChange={(e) => setMonthly(e.target.value)} />
      </label>
      <label>
        Yearly price{plan?.yearly ? ` (${plan.yearly.currency})` : ''}
        <input type="number" required min={0} step={0.01} placeholder="99.99" value={yearly} onChange={(e) => setYearly(e.target.value)} />
      </label>
      <label>
        Features (one per line)
        <textarea rows={4} value={features} onChange={(e) => setFeatures(e.target.value)} />
      </label>
      <FormFooter error={error} onCancel={onCancel} submitLabel={plan ? 'Save' : 'Add Plan'} busy={add.isPending || update.isPending} />
    </form>
  );
}

function PriceForm({
  plan,
  cycle,
  onSaved,
  onCancel,
}: {
  plan: AdminPlan;
  cycle: 'monthly' | 'yearly';
  onSaved(message: string): void;
  onCancel(): void;
}) {
  const update = useUpdatePlanPrice();
  const [price, setPrice] = useState(String(plan[cycle]?.price ?? ''));
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    update.mutate(
      { planId: plan.id, cycle, price: Number(price) },
      {
        onSuccess: () => onSaved('Plan price updated successfully'),
        onError: (e) => setError(messageOf(e, 'Failed to update plan price')),
      },
    );
  };
  return (
    <form className="admin-form" onSubmit={submit}>
      <label>
        {cycle === 'monthly' ? 'Monthly' : 'Yearly'} price{plan[cycle] ? ` (${plan[cycle].currency})` : ''}
        <input type="number" required min={0} step={0.01} value={price} onChange={(e) => setPrice(e.target.value)} />
      </label>
      <FormFooter error={error} onCancel={onCancel} submitLabel="Save" busy={update.isPending} />
    </form>
  );
}

/** Spec section 2, Subscriptions: the plans (free hidden), add, edit, one price, delete. */
export function PlansTab() {
  const plans = useAdminPlans();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<Editing>(null);
  const { flash, show } = useFlash();
  const saved = (message: string) => {
    setEditing(null);
    show('success', message);
  };
  const onDelete = (plan: AdminPlan) => {
    if (!window.confirm(`Delete the plan "${plan.name}"?`)) return;
    remove.mutate(plan.id, {
      onSuccess: () => show('success', 'Subscription plan deleted successfully'),
      onError: (e) => show('error', messageOf(e, 'Failed to delete subscription plan')),
    });
  };

  return (
    <CatalogueCards
      addLabel="Add Plan"
      onAdd={() => setEditing({ mode: 'add' })}
      flash={flash}
      query={plans}
      failure="Failed to load subscription plans"
      testId="plan-cards"
      keyOf={(plan) => plan.id}
      card={(plan) => (
        <>
          <h3>{plan.name}</h3>
          <p className="admin-muted">
            {plan.id} · level {plan.levelType} · {plan.dailyCredits} daily credits
          </p>
          {CYCLES.map(([cycle, label]) => (
            <p key={cycle}>
              {`${label}: `}
              {plan[cycle] ? formatMoney(plan[cycle].price, plan[cycle].currency) : '—'}{' '}
              <button type="button" className="btn btn--ghost" onClick={() => setEditing({ mode: 'price', plan, cycle })}>
                Edit price
              </button>
            </p>
          ))}
          <ul className="admin-list">
            {plan.features.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          <ItemActions in="card" onOpen={() => setEditing({ mode: 'edit', plan })} onDelete={() => onDelete(plan)} />
        </>
      )}
    >
      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.mode === 'add' ? 'Add Plan' : `Edit ${editing?.plan.name ?? ''}`}
      >
        {editing?.mode === 'price' ? (
          <PriceForm plan={editing.plan} cycle={editing.cycle} onSaved={saved} onCancel={() => setEditing(null)} />
        ) : (
          editing && <PlanForm plan={editing.mode === 'edit' ? editing.plan : null} onSaved={saved} onCancel={() => setEditing(null)} />
        )}
      </Modal>
    </CatalogueCards>
  );
}

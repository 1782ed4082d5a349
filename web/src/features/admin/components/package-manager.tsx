import type { AdminPackage } from '@stockai/contracts';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal/modal';
import { useAddPackage, useAdminPackages, useDeletePackage, useUpdatePackage } from '../api/catalogue';
import { messageOf } from '../utils/errors';
import { formatMoney, pricePerCredit } from '../utils/format';
import { CatalogueCards } from './catalogue-cards';
import { useFlash } from './flash';
import { FormFooter } from './form-footer';
import { ItemActions } from './item-actions';

type Editing = { mode: 'add' } | { mode: 'edit'; pkg: AdminPackage } | null;

function PackageForm({
  editing,
  onSaved,
  onCancel,
}: {
  editing: Exclude<Editing, null>;
  onSaved(message: string): void;
  onCancel(): void;
}) {
  const pkg = editing.mode === 'edit' ? editing.pkg : null;
  const add = useAddPackage();
  const update = useUpdatePackage();
  const [type, setType] = useState('');
  const [name, setName] = useState(pkg?.name ?? '');
  const [credits, setCredits] = useState(pkg ? String(pkg.credits) : '');
  const [price, setPrice] = useState(pkg ? String(pkg.price) : '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { name: name.trim(), credits: Number(credits), price: Number(price) };
    if (pkg) {
      update.mutate(
        { type: pkg.type, ...input },
        { onSuccess: () => onSaved('Package updated successfully'), onError: (e) => setError(messageOf(e, 'Failed to update package')) },
      );
    } else {
      add.mutate(
        { type: type.trim(), ...input },
        { onSuccess: () => onSaved('Package added successfully'), onError: (e) => setError(messageOf(e, 'Failed to add package')) },
      );
    }
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      {!pkg && (
        <label>
          Package Type
          <input type="text" required value={type} placeholder="premium_plus" onChange={(e) => setType(e.target.value)} />
        </label>
      )}
      <label>
        Package Name
        <input type="text" required value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      <label>
        Credits
        <input type="number" required min={1} step={1} value={credits} onChange={(e) => setCredits(e.target.value)} />
      </label>
      <label>
        Price{pkg ? ` (${pkg.currency})` : ''}
        <input type="number" required min={0.01} step={0.01} value={price} onChange={(e) => setPrice(e.target.value)} />
      </label>
      <FormFooter error={error} onCancel={onCancel} submitLabel={pkg ? 'Save' : 'Add Package'} busy={add.isPending || update.isPending} />
    </form>
  );
}

/** Spec section 2, Packages (dashboard tab and payment management): cards, add, edit, delete after a confirmation. */
export function PackageManager() {
  const packages = useAdminPackages();
  const remove = useDeletePackage();
  const [editing, setEditing] = useState<Editing>(null);
  const { flash, show } = useFlash();

  const onDelete = (pkg: AdminPackage) => {
    if (!window.confirm(`Delete the package "${pkg.name}"?`)) return;
    remove.mutate(pkg.type, {
      onSuccess: () => show('success', 'Package deleted successfully'),
      onError: (e) => show('error', messageOf(e, 'Failed to delete package')),
    });
  };

  return (
    <CatalogueCards
      addLabel="Add Package"
      onAdd={() => setEditing({ mode: 'add' })}
      flash={flash}
      query={packages}
      failure="Failed to load packages"
      testId="package-cards"
      keyOf={(pkg) => pkg.type}
      card={(pkg) => (
        <>
          <h3>{pkg.name}</h3>
          <p className="admin-muted">{pkg.type}</p>
          <p>
            <strong>{pkg.credits}</strong> credits · <strong>{formatMoney(pkg.price, pkg.currency)}</strong>
          </p>
          <p className="admin-muted">{pricePerCredit(pkg.price, pkg.credits, pkg.currency)}</p>
          <ItemActions in="card" onOpen={() => setEditing({ mode: 'edit', pkg })} onDelete={() => onDelete(pkg)} />
        </>
      )}
    >
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={editing?.mode === 'edit' ? 'Edit Package' : 'Add Package'}>
        {editing && (
          <PackageForm
            editing={editing}
            onCancel={() => setEditing(null)}
            onSaved={(message) => {
              setEditing(null);
              show('success', message);
            }}
          />
        )}
      </Modal>
    </CatalogueCards>
  );
}

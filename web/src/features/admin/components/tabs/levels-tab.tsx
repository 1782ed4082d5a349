import type { AdminLevel } from '@stockai/contracts';
import { useState, type FormEvent } from 'react';
import { useAddLevel, useAdminLevels, useDeleteLevel, useUpdateLevel } from '../../api/catalogue';
import { messageOf } from '../../utils/errors';
import { AdminTable } from '../admin-table';
import { FormFooter } from '../form-footer';
import { ItemActions } from '../item-actions';
import { LoadState } from '../load-state';

/** Spec section 9: the built-in levels free and vip cannot be deleted. */
const BUILT_IN = ['free', 'vip'];

interface Draft {
  levelType: string;
  name: string;
  dailyCredits: string;
  features: string;
  description: string;
}

const EMPTY: Draft = { levelType: '', name: '', dailyCredits: '0', features: '', description: '' };
const draftOf = (l: AdminLevel): Draft => ({
  levelType: l.levelType,
  name: l.name,
  dailyCredits: String(l.dailyCredits),
  features: l.features.join('\n'),
  description: l.description ?? '',
});

/** Spec section 2, User Levels: list, add, edit, delete; the spec's alerts for each outcome. */
export function LevelsTab() {
  const levels = useAdminLevels();
  const add = useAddLevel();
  const update = useUpdateLevel();
  const remove = useDeleteLevel();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editingType, setEditingType] = useState<string | null>(null);

  const set = (field: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const dailyCredits = Number(draft.dailyCredits);
    if (!draft.levelType.trim() || !draft.name.trim() || !Number.isInteger(dailyCredits) || dailyCredits < 0) {
      window.alert('Please fill in all required fields');
      return;
    }
    const input = {
      levelType: draft.levelType.trim(),
      name: draft.name.trim(),
      dailyCredits,
      features: draft.features
        .split('\n')
        .map((f) => f.trim())
        .filter(Boolean),
      description: draft.description.trim(),
    };
    const done = (message: string) => () => {
      window.alert(message);
      setDraft(EMPTY);
      setEditingType(null);
    };
    if (editingType)
      update.mutate(input, {
        onSuccess: done('User level updated successfully'),
        onError: () => window.alert('Failed to update user level'),
      });
    else add.mutate(input, { onSuccess: done('User level added successfully'), onError: () => window.alert('Failed to add user level') });
  };

  const onDelete = (level: AdminLevel) => {
    if (!window.confirm(`Delete the level "${level.name}"?`)) return;
    remove.mutate(level.levelType, {
      onSuccess: () => window.alert('User level deleted successfully'),
      onError: (e) => window.alert(`Failed to delete user level: ${messageOf(e, e.message)}`),
    });
  };

  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <LoadState query={levels} failure="Failed to load user levels">
        {(list) => (
          <AdminTable testId="levels-table" headers={['Level type', 'Name', 'Daily credits', 'Features', 'Description', 'Actions']}>
            {list.map((level) => (
              <tr key={level.levelType}>
                <td>{level.levelType}</td>
                <td>{level.name}</td>
                <td>{level.dailyCredits}</td>
                <td>{level.features.join(', ')}</td>
                <td>{level.description}</td>
                <ItemActions
                  in="row"
                  onOpen={() => {
                    setEditingType(level.levelType);
                    setDraft(draftOf(level));
                  }}
                  onDelete={() => onDelete(level)}
                  deleteDisabled={BUILT_IN.includes(level.levelType)}
                />
              </tr>
            ))}
          </AdminTable>
        )}
      </LoadState>
      <form className="admin-form admin-card" onSubmit={submit} noValidate>
        <h3>{editingType ? `Edit level ${editingType}` : 'Add level'}</h3>
        <label>
          Level type
          <input type="text" value={draft.levelType} disabled={editingType !== null} onChange={set('levelType')} />
        </label>
        <label>
          Name
          <input type="text" value={draft.name} onChange={set('name')} />
        </label>
        <label>
          Daily credits
          <input type="number" min={0} step={1} value={draft.dailyCredits} onChange={set('dailyCredits')} />
        </label>
        <label>
          Features (one per line)
          <textarea rows={3} value={draft.features} onChange={set('features')} />
        </label>
        <label>
          Description
          <input type="text" value={draft.description} onChange={set('description')} />
        </label>
        <FormFooter
          onCancel={
            editingType
              ? () => {
                  setEditingType(null);
                  setDraft(EMPTY);
                }
              : undefined
          }
          submitLabel={editingType ? 'Save level' : 'Add level'}
          busy={add.isPending || update.isPending}
        />
      </form>
    </div>
  );
}

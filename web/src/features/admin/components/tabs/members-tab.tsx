import type { AdminMember } from '@stockai/contracts';
import { useState, type FormEvent } from 'react';
import { Modal } from '@/components/ui/modal/modal';
import { type MemberChange, useDeleteMember, useMembers, useUpdateMember } from '../../api/members';
import { messageOf } from '../../utils/errors';
import { formatDateTime, wholeNumberOrZero } from '../../utils/format';
import { AdminTable } from '../admin-table';
import { FlashMessage, useFlash } from '../flash';
import { FormFooter } from '../form-footer';
import { ItemActions } from '../item-actions';
import { LoadState } from '../load-state';
import { Pagination } from '../pagination';

const LEVELS = ['free', 'vip', 'premium'] as const;
const MEMBER_COLUMNS = ['Name', 'Email', 'Role', 'Level', 'Credits', 'Paid', 'Daily', 'Subscription', 'Actions'];

function MemberEditor({ member, onDone }: { member: AdminMember; onDone(message: string | null): void }) {
  const update = useUpdateMember();
  const [role, setRole] = useState(member.role);
  const [level, setLevel] = useState(member.level);
  const [paidCredits, setPaidCredits] = useState(String(member.paidCredits));
  const [credits, setCredits] = useState(String(member.credits));
  const [plan, setPlan] = useState(member.subscription.planId ?? '');
  const [expiry, setExpiry] = useState(member.subscription.expiresAt?.slice(0, 10) ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const change: MemberChange = { role, level, paidCredits: wholeNumberOrZero(paidCredits), credits: wholeNumberOrZero(credits) };
    if (plan !== (member.subscription.planId ?? '')) change.subscriptionPlan = plan || null;
    if (expiry && expiry !== member.subscription.expiresAt?.slice(0, 10)) change.subscriptionExpiry = expiry;
    update.mutate(
      { id: member._id, change },
      { onSuccess: () => onDone('Member updated successfully'), onError: (e) => setError(messageOf(e, 'Failed to update member')) },
    );
  };

  return (
    <form className="admin-form" onSubmit={submit}>
      <label>
        Role
        <select value={role} onChange={(e) => setRole(e.target.value as AdminMember['role'])}>
          <option value="user">user</option>
          <option value="admin">admin</option>
        </select>
      </label>
      <label>
        Level
        <select value={level} onChange={(e) => setLevel(e.target.value)}>
          {LEVELS.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <label>
        Paid credits
        <input type="number" min={0} step={1} value={paidCredits} onChange={(e) => setPaidCredits(e.target.value)} />
      </label>
      <label>
        Total credits
        <input type="number" min={0} step={1} value={credits} onChange={(e) => setCredits(e.target.value)} />
      </label>
      <label>
        Subscription plan
        <input type="text" value={plan} placeholder="none" onChange={(e) => setPlan(e.target.value)} />
      </label>
      <label>
        Subscription expiry
        <input type="date" value={expiry} onChange={(e) => setExpiry(e.target.value)} />
      </label>
      <FormFooter
        error={error}
        onCancel={() => onDone(null)}
        submitLabel={update.isPending ? 'Saving...' : 'Save'}
        busy={update.isPending}
      />
    </form>
  );
}

/** Spec section 2, Members: 20 a page, search by e-mail, edit, delete (never oneself). */
export function MembersTab({ currentUserId }: { currentUserId: string }) {
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<AdminMember | null>(null);
  const members = useMembers(page, search);
  const remove = useDeleteMember();
  const { flash, show } = useFlash();

  const onSearch = (event: FormEvent) => {
    event.preventDefault();
    setPage(1);
    setSearch(typed.trim());
  };

  const onDelete = (member: AdminMember) => {
    if (!window.confirm(`Delete ${member.email}? This cannot be undone.`)) return;
    remove.mutate(member._id, {
      onSuccess: () => show('success', 'Member deleted successfully'),
      onError: (e) => show('error', messageOf(e, 'Failed to delete member')),
    });
  };

  return (
    <div className="ui-stack ui-stack--3 admin-section">
      <form className="admin-toolbar" role="search" onSubmit={onSearch}>
        <input
          type="search"
          aria-label="Search members by e-mail"
          placeholder="Search by e-mail"
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <button type="submit" className="btn btn--secondary">
          Search
        </button>
      </form>
      <FlashMessage flash={flash} />
      <LoadState query={members} failure="Failed to load members">
        {(data) => (
          <>
            <AdminTable testId="members-table" headers={MEMBER_COLUMNS}>
              {data.members.map((m) => (
                <tr key={m._id}>
                  <td>{[m.firstName, m.lastName].filter(Boolean).join(' ') || '—'}</td>
                  <td>{m.email}</td>
                  <td>{m.role}</td>
                  <td>{m.level}</td>
                  <td>{m.credits}</td>
                  <td>{m.paidCredits}</td>
                  <td>{m.dailyCredits}</td>
                  <td>
                    {m.subscription.planId ?? 'none'} · {m.subscription.status}
                    {m.subscription.expiresAt && <> · {formatDateTime(m.subscription.expiresAt)}</>}
                  </td>
                  <ItemActions
                    in="row"
                    onOpen={() => setEditing(m)}
                    onDelete={() => onDelete(m)}
                    deleteDisabled={m._id === currentUserId || remove.isPending}
                  />
                </tr>
              ))}
            </AdminTable>
            <Pagination page={data.page} pages={data.totalPages} total={data.total} onPage={setPage} />
          </>
        )}
      </LoadState>
      <Modal open={editing !== null} onClose={() => setEditing(null)} title={`Edit ${editing?.email ?? ''}`}>
        {editing && (
          <MemberEditor
            key={editing._id}
            member={editing}
            onDone={(message) => {
              setEditing(null);
              if (message) show('success', message);
            }}
          />
        )}
      </Modal>
    </div>
  );
}

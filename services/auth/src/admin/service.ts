import { eventData } from '@stockai/contracts';
import {
  type Caller,
  type Database,
  type Queryable,
  type RevocationList,
  badRequest,
  forbidden,
  newEvent,
  notFound,
  unauthorized,
  writeOutbox,
} from '@stockai/platform';
import { writeRoleChanged } from '../accounts/events';
import { type UserRow, usersRepo } from '../accounts/repo';
import { toPublicUser } from '../accounts/service';

/**
 * What only auth may change about a member: the role and the account itself. The caller's
 * role is read from the users table, not from the token, so an admin demoted a moment ago can
 * no longer act with the token they still hold. Deleting an account revokes every token issued
 * to it (the shared revocation list every service checks), so it ends everywhere at once; the
 * login fails because the account is gone.
 */
/** An account as the admin service's members directory records it. */
const directoryEntry = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  firstName: u.first_name,
  lastName: u.last_name,
  role: u.role,
  level: u.level,
  registeredAt: u.created_at.toISOString(),
});

export function adminAccounts(deps: { db: Database; revocations: RevocationList; tokenLifetimeSeconds: number; afterCommit: () => void }) {
  async function requireCurrentAdmin(db: Queryable, caller: Caller): Promise<UserRow> {
    const self = await usersRepo.findById(db, caller.id);
    if (!self) throw unauthorized('Account no longer exists', 'ACCOUNT_NOT_FOUND');
    if (self.role !== 'admin') throw forbidden('Admin access required', 'ADMIN_REQUIRED');
    return self;
  }

  return {
    /** The caller as auth knows them now: the admin service checks every admin call with it. */
    async session(caller: Caller) {
      const self = await usersRepo.findById(deps.db, caller.id);
      if (!self) throw unauthorized('Account no longer exists', 'ACCOUNT_NOT_FOUND');
      return { user: toPublicUser(self) };
    },

    /**
     * One page of every account, by id (keyset: stable while users register meanwhile), for the
     * admin service to fill its members directory with accounts it never had an event of.
     */
    async directoryPage(caller: Caller, after: string | null, limit: number) {
      await requireCurrentAdmin(deps.db, caller);
      const rows = await usersRepo.pageAfter(deps.db, after, limit);
      return {
        users: rows.map(directoryEntry),
        next: rows.length === limit ? (rows[rows.length - 1]?.id ?? null) : null,
      };
    },

    /**
     * One account as the directory page lists it: the admin service asks for a member its
     * directory has not heard of yet (an admin acting the moment the member registered).
     */
    async directoryEntry(caller: Caller, userId: string) {
      await requireCurrentAdmin(deps.db, caller);
      const row = await usersRepo.findById(deps.db, userId);
      if (!row) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
      return { user: directoryEntry(row) };
    },

    async setRole(caller: Caller, userId: string, role: UserRow['role']) {
      const result = await deps.db.transaction(async (tx) => {
        await requireCurrentAdmin(tx, caller);
        const user = await usersRepo.findById(tx, userId);
        if (!user) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
        if (user.id === caller.id && role !== 'admin')
          throw badRequest('You cannot remove your own admin role; ask another admin', 'SELF_DEMOTION');
        if (user.role !== role) {
          await usersRepo.setRole(tx, userId, role);
          await writeRoleChanged(tx, userId, role);
        }
        return { previousRole: user.role, user: toPublicUser({ ...user, role }) };
      });
      deps.afterCommit();
      return result;
    },

    async deleteMember(caller: Caller, userId: string) {
      if (userId === caller.id) throw badRequest('You cannot delete your own account', 'SELF_DELETION');
      const deleted = await deps.db.transaction(async (tx) => {
        await requireCurrentAdmin(tx, caller);
        const user = await usersRepo.findById(tx, userId);
        if (!user) throw notFound(`There is no member with id ${userId}`, 'MEMBER_NOT_FOUND');
        await usersRepo.delete(tx, userId);
        await writeOutbox(tx, newEvent('user.deleted', eventData('user.deleted', { userId, email: user.email, deletedBy: caller.id })));
        return user;
      });
      deps.afterCommit();
      await deps.revocations.revokeAllFor(userId, deps.tokenLifetimeSeconds);
      return { user: toPublicUser(deleted) };
    },
  };
}

export type AdminAccounts = ReturnType<typeof adminAccounts>;

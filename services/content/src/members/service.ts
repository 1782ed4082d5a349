import { AppError, type Database, type Logger, serviceUnavailable } from '@stockai/platform';
import type { GhostMember, GhostMembers } from './ghost-members';
import { membersRepo, type SyncLogEntry, type SyncTrigger } from './repo';

export interface MemberView {
  id: string;
  email: string;
  name: string | null;
  status: string | null;
}

export interface MembersService {
  readonly configured: boolean;
  checkMembership(email: string): Promise<{ isMember: boolean; member: MemberView | null }>;
  syncUser(email: string, trigger: SyncTrigger): Promise<{ action: 'create' | 'update'; member: MemberView }>;
  userRegistered(user: { userId: string; email: string; name: string }): Promise<void>;
  memberWebhook(member: { id?: string; email: string; status?: string }): Promise<void>;
  logs(page: number, limit: number): Promise<{ logs: SyncLogEntry[]; total: number }>;
  /** The e-mail a user registered with (from user.registered), to tell whether it is theirs. */
  emailOfUser(userId: string): Promise<string | undefined>;
}

export const notConfigured = () =>
  serviceUnavailable('Ghost is not configured: set GHOST_URL and GHOST_ADMIN_API_KEY to sync members', 'GHOST_NOT_CONFIGURED');

const unreachable = (err: unknown) =>
  new AppError(502, 'GHOST_UNAVAILABLE', `Ghost did not complete the request: ${err instanceof Error ? err.message : String(err)}`);

const view = (m: GhostMember): MemberView => ({ id: m.id, email: m.email, name: m.name ?? null, status: m.status ?? null });

/**
 * Keeps Ghost's members in step with StockAI's users: a registered user becomes a Ghost
 * member (created, or renamed when the e-mail is already a member), so the blog's newsletters
 * reach them. Every sync attempt and every member webhook is written to the sync log with its
 * outcome. Syncing is idempotent by e-mail (Ghost is asked first), so a redelivered
 * `user.registered` or a repeated manual sync changes nothing twice.
 */
export function membersService(deps: { db: Database; ghost?: GhostMembers; logger: Logger }): MembersService {
  const { db, ghost, logger } = deps;

  async function syncUser(email: string, trigger: SyncTrigger) {
    if (!ghost) throw notConfigured();
    const name = await membersRepo.knownName(db, email);
    let action: 'create' | 'update' = 'create';
    try {
      const existing = await ghost.findByEmail(email);
      action = existing ? 'update' : 'create';
      const member = existing
        ? name && existing.name !== name
          ? await ghost.rename(existing.id, name)
          : existing
        : await ghost.create({ email, name });
      await membersRepo.rememberGhostId(db, email, member.id);
      await membersRepo.log(db, {
        email,
        action,
        trigger,
        outcome: 'success',
        ghostMemberId: member.id,
        detail: existing ? 'already a member' : 'member created',
      });
      return { action, member: view(member) };
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      await membersRepo.log(db, { email, action, trigger, outcome: 'failed', ghostMemberId: null, detail: message });
      throw unreachable(err);
    }
  }

  return {
    configured: Boolean(ghost),

    async checkMembership(email) {
      if (!ghost) throw notConfigured();
      try {
        const member = await ghost.findByEmail(email);
        return { isMember: Boolean(member), member: member ? view(member) : null };
      } catch (err) {
        throw unreachable(err);
      }
    },

    syncUser,

    async userRegistered(user) {
      await membersRepo.rememberUser(db, user);
      if (!ghost) return;
      // A failure is in the sync log and the manual sync retries it; the event is not retried,
      // since a Ghost outage would otherwise park every registration in the dead-letter queue.
      await syncUser(user.email, 'user.registered').catch((err: unknown) =>
        logger.warn({ err: err instanceof Error ? err.message : String(err), email: user.email }, 'Ghost member sync failed'),
      );
    },

    async memberWebhook(member) {
      if (member.id) await membersRepo.rememberGhostId(db, member.email, member.id);
      await membersRepo.log(db, {
        email: member.email,
        action: 'webhook',
        trigger: 'webhook',
        outcome: 'success',
        ghostMemberId: member.id ?? null,
        detail: member.status ? `status: ${member.status}` : null,
      });
    },

    logs: (page, limit) => membersRepo.logs(db, page, limit),

    emailOfUser: (userId) => membersRepo.emailOfUser(db, userId),
  };
}

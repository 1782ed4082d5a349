import { randomUUID } from 'node:crypto';
import argon2 from 'argon2';
import { eventData } from '@stockai/contracts';
import {
  type Caller,
  type Database,
  type RevocationList,
  AppError,
  badRequest,
  conflict,
  newEvent,
  signAccessToken,
  unauthorized,
  writeOutbox,
} from '@stockai/platform';
import { hashPassword, storeNewPassword, writeUserRegistered } from './events';
import { type UserRow, usersRepo } from './repo';

/** The user as the API shows it (spec section 3). Never the password hash. */
export interface PublicUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: 'user' | 'admin';
  level: 'free' | 'vip' | 'premium';
}

export const toPublicUser = (row: UserRow): PublicUser => ({
  id: row.id,
  firstName: row.first_name,
  lastName: row.last_name,
  email: row.email,
  phone: row.phone,
  role: row.role,
  level: row.level,
});

export interface AccountsDeps {
  db: Database;
  privateKey: string;
  revocations: RevocationList;
  tokenLifetimeSeconds: number;
  afterCommit: () => void;
}

/** What Google's ID token says about the person signing in. */
export interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  firstName: string;
  lastName: string;
}

export interface LoginContext {
  ip: string | null;
  userAgent: string | null;
}

// Verifying against a fixed hash when the e-mail is unknown keeps the answer time the same
// as for a wrong password, so response timing does not reveal which addresses have accounts.
const dummyHash = argon2.hash('not-a-real-password-' + randomUUID());

export function accountsService(deps: AccountsDeps) {
  const issueToken = (user: UserRow) => signAccessToken(deps.privateKey, { id: user.id, role: user.role }, deps.tokenLifetimeSeconds).token;

  return {
    async register(input: { email: string; password: string; firstName: string; lastName: string }) {
      const passwordHash = await hashPassword(input.password);
      const user = await deps.db.transaction(async (tx) => {
        const row = await usersRepo.insert(tx, { id: randomUUID(), passwordHash, ...input });
        if (!row) throw conflict('This e-mail address is already registered', 'EMAIL_TAKEN');
        await writeUserRegistered(tx, row);
        return row;
      });
      deps.afterCommit();
      return { token: issueToken(user), user: toPublicUser(user) };
    },

    async login(input: { email: string; password: string }, context: LoginContext) {
      const user = await usersRepo.findByEmail(deps.db, input.email);
      const hash = user?.password_hash ?? (await dummyHash);
      const valid = await argon2.verify(hash, input.password).catch(() => false);
      const success = Boolean(user?.password_hash) && valid;

      await deps.db.transaction(async (tx) => {
        const event = newEvent(
          'user.logged-in',
          eventData('user.logged-in', {
            userId: user?.id ?? null,
            email: input.email.trim(),
            success,
            reason: success ? undefined : user ? 'wrong_password' : 'unknown_email',
            ip: context.ip,
            userAgent: context.userAgent,
          }),
        );
        await writeOutbox(tx, event);
      });
      deps.afterCommit();

      if (!success || !user) throw unauthorized('Invalid e-mail or password', 'INVALID_CREDENTIALS');
      return { token: issueToken(user), user: toPublicUser(user) };
    },

    /**
     * Signs in with a Google account: the user linked to it; else the account with its e-mail
     * address, linked now, but only when Google says the address is verified (otherwise anyone
     * could claim an address at Google and take over the account); else a new account.
     */
    async googleSignIn(identity: GoogleIdentity, context: LoginContext) {
      const user = await deps.db.transaction(async (tx) => {
        const linked = await usersRepo.findByGoogleSub(tx, identity.sub);
        if (linked) return linked;
        const existing = await usersRepo.findByEmail(tx, identity.email);
        if (existing) {
          if (!identity.emailVerified) {
            throw new AppError(
              409,
              'GOOGLE_EMAIL_UNVERIFIED',
              'An account with this e-mail address exists; sign in with its password (Google has not verified the address)',
            );
          }
          await usersRepo.linkGoogle(tx, existing.id, identity.sub);
          return existing;
        }
        const row = await usersRepo.insert(tx, {
          id: randomUUID(),
          email: identity.email,
          passwordHash: null,
          firstName: identity.firstName,
          lastName: identity.lastName,
          googleSub: identity.sub,
        });
        if (!row) throw conflict('This e-mail address is already registered', 'EMAIL_TAKEN');
        await writeUserRegistered(tx, row);
        return row;
      });
      await deps.db.transaction((tx) =>
        writeOutbox(
          tx,
          newEvent(
            'user.logged-in',
            eventData('user.logged-in', {
              userId: user.id,
              email: user.email,
              success: true,
              reason: 'google',
              ip: context.ip,
              userAgent: context.userAgent,
            }),
          ),
        ),
      );
      deps.afterCommit();
      return { token: issueToken(user), user: toPublicUser(user) };
    },

    async verify(caller: Caller) {
      const user = await usersRepo.findById(deps.db, caller.id);
      if (!user) throw unauthorized('Account no longer exists', 'ACCOUNT_NOT_FOUND');
      return { user: toPublicUser(user) };
    },

    /**
     * Checks the current password, sets the new one and revokes every token issued before, this
     * one included; the answer carries a fresh token, so this session goes on and others end.
     */
    async changePassword(caller: Caller, input: { currentPassword: string; newPassword: string }) {
      const user = await usersRepo.findById(deps.db, caller.id);
      if (!user) throw unauthorized('Account no longer exists', 'ACCOUNT_NOT_FOUND');
      if (!user.password_hash) {
        throw badRequest('This account signs in with Google and has no password yet; use "forgot password" to set one', 'NO_PASSWORD');
      }
      if (!(await argon2.verify(user.password_hash, input.currentPassword).catch(() => false))) {
        throw badRequest('Current password is incorrect', 'WRONG_PASSWORD');
      }
      const passwordHash = await hashPassword(input.newPassword);
      await deps.db.transaction((tx) => storeNewPassword(tx, user.id, passwordHash));
      deps.afterCommit();
      await deps.revocations.revokeAllFor(user.id, deps.tokenLifetimeSeconds);
      return { message: 'Password changed', token: issueToken(user) };
    },

    async logout(caller: Caller) {
      await deps.revocations.revoke(caller);
      return { success: true, message: 'Logged out' };
    },
  };
}

export type AccountsService = ReturnType<typeof accountsService>;

import type { MembershipLevel, PublicUser } from '@stockai/contracts';

export type { MembershipLevel };
export type UserRole = PublicUser['role'];

/** The signed-in user as auth's answers carry it. */
export type User = PublicUser;

export interface AuthSession {
  token: string;
  user: User;
}

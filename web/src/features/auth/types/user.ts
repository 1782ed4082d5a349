export type UserRole = 'user' | 'admin';
export type MembershipLevel = 'free' | 'vip' | 'premium';

export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  role: UserRole;
  /** The verify/login answers carry a numeric level (1 by default); membership names appear elsewhere. */
  level: number | MembershipLevel;
}

export interface AuthSession {
  token: string;
  user: User;
}

export const DEFAULT_ROLE: UserRole = 'user';
export const DEFAULT_LEVEL = 1;

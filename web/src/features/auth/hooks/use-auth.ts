import { createContext, useContext } from 'react';
import type { AuthSession, User } from '../types/user';

/** checking: a stored token is being verified, so nobody is redirected yet. */
export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

export interface AuthContextValue {
  user: User | null;
  status: AuthStatus;
  isAuthenticated: boolean;
  /** Stores the token and sets the current user after login or register. */
  startSession(session: AuthSession): void;
  /** Takes a token the server handed over without a user (Google sign-in) and checks it. */
  adoptToken(token: string): Promise<void>;
  /** Swaps the stored token for a fresh one of the same user (password change), without a new check. */
  replaceToken(token: string): void;
  /** Clears the token and the user, whatever the server said. */
  endSession(): void;
  /** Re-runs the token check now (it also runs on load and every 30 minutes). */
  verify(): Promise<void>;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}

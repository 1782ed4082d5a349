import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { clearAuthToken, getAuthToken, setAuthToken } from '@/lib/api-client';
import { isAuthRejection, sessionQueryKey, verifySession } from '../api/verify-session';
import { AuthContext, type AuthContextValue, type AuthStatus } from '../hooks/use-auth';
import type { AuthSession, User } from '../types/user';

export const SESSION_CHECK_INTERVAL_MS = 30 * 60 * 1000;

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null>(null);
  const [status, setStatus] = useState<AuthStatus>(() => (getAuthToken() ? 'checking' : 'unauthenticated'));
  // Bumped by every login/logout so a token check that was already in flight cannot undo it.
  const sessionGeneration = useRef(0);

  const verify = useCallback(async () => {
    const generation = sessionGeneration.current;
    if (!getAuthToken()) {
      setUser(null);
      setStatus('unauthenticated');
      return;
    }
    try {
      const verified = await queryClient.fetchQuery({
        queryKey: sessionQueryKey,
        queryFn: ({ signal }) => verifySession(signal),
        staleTime: 0,
        retry: false,
      });
      if (generation !== sessionGeneration.current) return;
      setUser(verified);
      setStatus('authenticated');
    } catch (error) {
      if (generation !== sessionGeneration.current) return;
      if (isAuthRejection(error)) {
        clearAuthToken();
      } else {
        console.error('Session check failed; keeping the token for the next check', error);
      }
      setUser(null);
      setStatus('unauthenticated');
    }
  }, [queryClient]);

  /** Another person (or nobody) now: what the cache holds of the previous one is read again. */
  const identityChanged = useCallback(() => {
    sessionGeneration.current += 1;
    void queryClient.resetQueries();
  }, [queryClient]);

  useEffect(() => {
    void verify();
    const timer = window.setInterval(() => void verify(), SESSION_CHECK_INTERVAL_MS);
    return () => window.clearInterval(timer);
  }, [verify]);

  const startSession = useCallback(
    (session: AuthSession) => {
      setAuthToken(session.token);
      identityChanged();
      setUser(session.user);
      setStatus('authenticated');
    },
    [identityChanged],
  );

  const adoptToken = useCallback(
    async (token: string) => {
      setAuthToken(token);
      identityChanged();
      setStatus('checking');
      await verify();
    },
    [verify, identityChanged],
  );

  const replaceToken = useCallback((token: string) => {
    // A check still in flight with the old (now revoked) token must not log the user out.
    sessionGeneration.current += 1;
    setAuthToken(token);
  }, []);

  const endSession = useCallback(() => {
    clearAuthToken();
    identityChanged();
    setUser(null);
    setStatus('unauthenticated');
  }, [identityChanged]);

  const value = useMemo<AuthContextValue>(
    () => ({
      user,
      status,
      isAuthenticated: status === 'authenticated' && user !== null,
      startSession,
      adoptToken,
      replaceToken,
      endSession,
      verify,
    }),
    [user, status, startSession, adoptToken, replaceToken, endSession, verify],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

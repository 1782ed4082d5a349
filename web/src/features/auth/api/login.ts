import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';
import type { AuthSession } from '../types/user';
import { parseAuthSession } from './parse-user';

export interface LoginInput {
  email: string;
  password: string;
}

export async function loginWithPassword(input: LoginInput): Promise<AuthSession> {
  const data = await apiClient.post<unknown>('auth/login', input);
  return parseAuthSession(data);
}

/** Logs in and starts the session; rejects with the ApiError of a failed attempt. */
export function useLogin() {
  const { startSession } = useAuth();
  return useCallback(
    async (input: LoginInput) => {
      const session = await loginWithPassword(input);
      startSession(session);
      return session.user;
    },
    [startSession],
  );
}

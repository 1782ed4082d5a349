import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';
import type { AuthSession } from '../types/user';
import { parseAuthSession } from './parse-user';

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export async function registerAccount(input: RegisterInput): Promise<AuthSession> {
  const data = await apiClient.post<unknown>('auth/register', input);
  return parseAuthSession(data);
}

/** Registers and starts the session; rejects with the ApiError of a failed attempt. */
export function useRegister() {
  const { startSession } = useAuth();
  return useCallback(
    async (input: RegisterInput) => {
      const session = await registerAccount(input);
      startSession(session);
      return session.user;
    },
    [startSession],
  );
}

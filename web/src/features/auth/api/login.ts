import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';
import type { AuthSession } from '../types/user';

export interface LoginInput {
  email: string;
  password: string;
}

export function loginWithPassword(input: LoginInput): Promise<AuthSession> {
  return apiClient.post('auth/login', (s) => s.authSessionResponse, input);
}

/** Logs in and starts the session; a failed attempt rejects with its ApiError. */
export function useLogin() {
  const { startSession } = useAuth();
  return useMutation({ mutationFn: loginWithPassword, onSuccess: startSession });
}

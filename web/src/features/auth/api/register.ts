import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';
import type { AuthSession } from '../types/user';

export interface RegisterInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

export function registerAccount(input: RegisterInput): Promise<AuthSession> {
  return apiClient.post('auth/register', (s) => s.authSessionResponse, input);
}

/** Registers and starts the session; a failed attempt rejects with its ApiError. */
export function useRegister() {
  const { startSession } = useAuth();
  return useMutation({ mutationFn: registerAccount, onSuccess: startSession });
}

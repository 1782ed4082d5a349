import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the password. The server revokes every token of the account, the one this request
 * carried included, and answers with a fresh token that the caller must store at once.
 */
export function changePassword(input: ChangePasswordInput): Promise<{ token: string }> {
  return apiClient.put('auth/change-password', (s) => s.changePasswordResponse, input);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

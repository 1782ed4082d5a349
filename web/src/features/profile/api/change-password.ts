import { apiClient } from '@/lib/api-client';

export interface ChangePasswordInput {
  currentPassword: string;
  newPassword: string;
}

/**
 * Changes the password. The server revokes every token of the account, the one this request
 * carried included, and answers with a fresh token that the caller must store at once.
 */
export async function changePassword(input: ChangePasswordInput): Promise<{ token: string }> {
  const data = await apiClient.put<{ token?: unknown }>('auth/change-password', input);
  if (typeof data?.token !== 'string' || !data.token) throw new Error('Failed to change password');
  return { token: data.token };
}

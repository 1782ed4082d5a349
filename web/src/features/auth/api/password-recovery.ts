import { apiClient } from '@/lib/api-client';

/** Asks for a reset e-mail; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post<unknown>('auth/forgot-password', { email });
}

/** The e-mail address a reset link belongs to; rejects when the link is invalid, used or expired. */
export async function verifyResetToken(token: string): Promise<{ email: string }> {
  const data = await apiClient.get<{ valid?: unknown; email?: unknown }>(`auth/verify-reset-token/${encodeURIComponent(token)}`);
  if (data?.valid !== true || typeof data.email !== 'string') throw new Error('Invalid or expired reset token');
  return { email: data.email };
}

export async function resetPassword(token: string, newPassword: string): Promise<void> {
  await apiClient.post<unknown>('auth/reset-password', { token, newPassword });
}

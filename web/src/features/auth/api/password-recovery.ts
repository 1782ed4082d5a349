import { useMutation, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** Asks for a reset e-mail; the answer is the same whether or not the address has an account. */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiClient.post('auth/forgot-password', (s) => s.ignoredAnswer, { email });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset });
}

/** The e-mail address a reset link belongs to; fails when the link is invalid, used or expired. */
export async function verifyResetToken(token: string, signal?: AbortSignal): Promise<{ email: string }> {
  const { email } = await apiClient.get(`auth/verify-reset-token/${encodeURIComponent(token)}`, (s) => s.resetTokenResponse, { signal });
  return { email };
}

/** null token: the link had none, nothing to check. A link is checked once: its answer cannot improve. */
export function useResetToken(token: string | null) {
  return useQuery({
    queryKey: ['reset-token', token],
    queryFn: ({ signal }) => verifyResetToken(token ?? '', signal),
    enabled: token !== null,
    retry: false,
    staleTime: Infinity,
  });
}

export async function resetPassword(input: { token: string; newPassword: string }): Promise<void> {
  await apiClient.post('auth/reset-password', (s) => s.ignoredAnswer, input);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}

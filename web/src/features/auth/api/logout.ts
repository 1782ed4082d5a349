import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';

export async function logoutSession(): Promise<void> {
  await apiClient.post('auth/logout', (s) => s.ignoredAnswer);
}

/**
 * Tells the server, then clears the session locally even when that call fails. A plain call,
 * not a TanStack mutation: the header is on the first screen, and useMutation with its
 * observer was the only reason they were in the first chunk (bench:initial-js, ADR 0070).
 */
export function useLogout() {
  const { endSession } = useAuth();
  return () =>
    logoutSession()
      .catch(() => undefined)
      .finally(endSession);
}

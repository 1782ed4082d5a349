import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';

export async function logoutSession(): Promise<void> {
  await apiClient.post('auth/logout', (s) => s.ignoredAnswer);
}

/** Tells the server, then clears the session locally even when that call fails. */
export function useLogout() {
  const { endSession } = useAuth();
  const { mutateAsync } = useMutation({ mutationFn: logoutSession, onSettled: endSession });
  return () => mutateAsync().catch(() => undefined);
}

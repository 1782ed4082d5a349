import { useCallback } from 'react';
import { apiClient } from '@/lib/api-client';
import { useAuth } from '../hooks/use-auth';

export async function logoutSession(): Promise<void> {
  await apiClient.post<{ success: boolean }>('auth/logout');
}

/** Tells the server, then clears the session locally even when that call fails. */
export function useLogout() {
  const { endSession } = useAuth();
  return useCallback(async () => {
    try {
      await logoutSession();
    } catch (error) {
      console.error('Logout request failed; clearing the local session anyway', error);
    } finally {
      endSession();
    }
  }, [endSession]);
}

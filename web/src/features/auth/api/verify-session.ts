import { ApiError, apiClient, firstScreen } from '@/lib/api-client';
import type { User } from '../types/user';

export const sessionQueryKey = ['session'] as const;

export async function verifySession(signal?: AbortSignal): Promise<User> {
  return (
    await apiClient.get(
      'auth/verify',
      firstScreen((s) => s.verifyResponse),
      { signal },
    )
  ).user;
}

/**
 * Only an answer that says the token is bad ends the session. A network failure or a server
 * error leaves the token in place so the next check can restore the session.
 */
export function isAuthRejection(error: unknown): boolean {
  return error instanceof ApiError && error.isAuthRejection;
}

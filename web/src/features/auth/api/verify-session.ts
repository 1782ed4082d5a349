import { ApiError, apiClient } from '@/lib/api-client';
import type { User } from '../types/user';
import { parseUser } from './parse-user';

interface VerifyResponse {
  user: unknown;
}

export async function verifySession(signal?: AbortSignal): Promise<User> {
  const data = await apiClient.get<VerifyResponse>('auth/verify', { signal });
  return parseUser(data?.user);
}

/**
 * Only an answer that says the token is bad ends the session. A network failure or a server
 * error leaves the token in place so the next check can restore the session.
 */
export function isAuthRejection(error: unknown): boolean {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return true;
  const message = error instanceof Error ? error.message : '';
  return /\b(401|403)\b|Authentication required/i.test(message);
}

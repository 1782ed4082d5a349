import { authSessionResponse, type AuthSessionResponse, creditsResponse } from '@stockai/contracts';
import { vi } from 'vitest';
import { apiClient, setAuthToken } from '@/lib/api-client';
import { TEST_ADMIN } from './test-users';

/**
 * Until billing has opened the new member's credit account: it does so from auth's
 * `user.registered` event, a moment after the sign-up answer (ACCOUNT_NOT_READY until then).
 */
const accountOpened = () => vi.waitFor(() => apiClient.get('users/credits', creditsResponse), { timeout: 10_000, interval: 25 });

let counter = 0;

/** A new investor account on the test API, signed in (its token stored as the app stores it), its credit account open unless told not to wait. */
export async function signUp(prefix = 'user', { waitForAccount = true } = {}): Promise<AuthSessionResponse> {
  counter += 1;
  const email = `${prefix}-${Date.now()}-${counter}@vitest.stockai.test`;
  const session = await apiClient.post('auth/register', authSessionResponse, {
    email,
    password: 'password-123',
    firstName: 'Test',
    lastName: `User${counter}`,
  });
  setAuthToken(session.token);
  if (waitForAccount) await accountOpened();
  return session;
}

/** The seeded admin, signed in. */
export async function signInAsAdmin(): Promise<AuthSessionResponse> {
  const session = await apiClient.post('auth/login', authSessionResponse, TEST_ADMIN);
  setAuthToken(session.token);
  return session;
}

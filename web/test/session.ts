import { authSessionResponse, type AuthSessionResponse } from '@stockai/contracts';
import { apiClient, setAuthToken } from '@/lib/api-client';
import { TEST_ADMIN } from './test-users';

let counter = 0;

/** A new investor account on the test API, signed in (its token stored as the app stores it). */
export async function signUp(prefix = 'user'): Promise<AuthSessionResponse> {
  counter += 1;
  const email = `${prefix}-${Date.now()}-${counter}@vitest.stockai.test`;
  const session = await apiClient.post('auth/register', authSessionResponse, {
    email,
    password: 'password-123',
    firstName: 'Test',
    lastName: `User${counter}`,
  });
  setAuthToken(session.token);
  return session;
}

/** The seeded admin, signed in. */
export async function signInAsAdmin(): Promise<AuthSessionResponse> {
  const session = await apiClient.post('auth/login', authSessionResponse, TEST_ADMIN);
  setAuthToken(session.token);
  return session;
}

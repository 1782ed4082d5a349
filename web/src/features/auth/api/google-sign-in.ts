import { useQuery } from '@tanstack/react-query';
import { apiClient, apiUrl } from '@/lib/api-client';

/** Google sign-in is a full-page redirect into the API, which sends the browser to Google. */
export const GOOGLE_SIGN_IN_URL = apiUrl('auth/google');

/**
 * Whether the server offers Google sign-in: the button shows only then, so a server without
 * Google configured never leads anyone to a dead end. The answer does not change while the app runs.
 */
export function useGoogleSignInOffered(): boolean {
  const providers = useQuery({
    queryKey: ['auth', 'providers'],
    queryFn: () => apiClient.get('auth/providers', (s) => s.authProvidersResponse),
    staleTime: Infinity,
  });
  return providers.data?.google === true;
}
